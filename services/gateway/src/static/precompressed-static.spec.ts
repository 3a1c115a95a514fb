import express from 'express';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { acceptedEncodings, cacheControlFor, IMMUTABLE, precompressedStatic, resolveInside, REVALIDATE } from './precompressed-static';

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A raw GET (fetch would decode the body and hide Content-Encoding's effect). */
function get(port: number, pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: pathname, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('acceptedEncodings', () => {
  it('prefers brotli, then gzip, when both are accepted alike', () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
  });

  it('follows q values and drops q=0', () => {
    expect(acceptedEncodings('br;q=0.5, gzip')).toEqual(['gzip', 'br']);
    expect(acceptedEncodings('br;q=0, gzip;q=0.8')).toEqual(['gzip']);
    expect(acceptedEncodings('*;q=0.1, br;q=0')).toEqual(['gzip']);
  });

  it('gives identity only without the header or for identity alone', () => {
    expect(acceptedEncodings(undefined)).toEqual([]);
    expect(acceptedEncodings('identity')).toEqual([]);
  });
});

describe('cacheControlFor', () => {
  it('keeps files named by their content hash for a year', () => {
    expect(cacheControlFor('/dist/shell/main.06575170.js')).toBe(IMMUTABLE);
    expect(cacheControlFor('222.98e5f7f3.js')).toBe(IMMUTABLE);
  });

  it('revalidates index.html and remoteEntry.js, whose names never change', () => {
    expect(cacheControlFor('index.html')).toBe(REVALIDATE);
    expect(cacheControlFor('/dist/calendar/remoteEntry.js')).toBe(REVALIDATE);
  });
});

describe('resolveInside', () => {
  it('refuses paths that leave the folder or name dot files', () => {
    expect(resolveInside('/srv/shell', '/../secret')).toBeNull();
    expect(resolveInside('/srv/shell', '/%2e%2e/secret')).toBeNull();
    expect(resolveInside('/srv/shell', '/.env')).toBeNull();
    expect(resolveInside('/srv/shell', '/a%00.js')).toBeNull();
    expect(resolveInside('/srv/shell', '/%E0%A4%A')).toBeNull();
    expect(resolveInside('/srv/shell', '/js/app.js')).toBe('/srv/shell/js/app.js');
  });
});

describe('precompressedStatic over HTTP', () => {
  const script = 'export const greeting = "hello";\n'.repeat(200);
  let dir: string;
  let server: Server;
  let port: number;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pawline-static-'));
    mkdirSync(path.join(dir, 'nested'));
    writeFileSync(path.join(dir, 'app.0123abcd.js'), script);
    writeFileSync(path.join(dir, 'app.0123abcd.js.br'), zlib.brotliCompressSync(script));
    writeFileSync(path.join(dir, 'app.0123abcd.js.gz'), zlib.gzipSync(script));
    writeFileSync(path.join(dir, 'remoteEntry.js'), script);
    writeFileSync(path.join(dir, 'remoteEntry.js.br'), zlib.brotliCompressSync(script));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(path.join(dir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    // a copy left from an earlier build: older than its file, so never sent
    writeFileSync(path.join(dir, 'nested', 'stale.js'), 'new();');
    writeFileSync(path.join(dir, 'nested', 'stale.js.gz'), zlib.gzipSync('old();'));
    utimesSync(path.join(dir, 'nested', 'stale.js.gz'), new Date(2000, 0, 1), new Date(2000, 0, 1));
    const app = express();
    app.use(precompressedStatic(dir, { index: 'index.html' }));
    app.use((_req, res) => void res.status(404).send('none'));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the brotli copy to a browser that accepts it, with its length, type and Vary', async () => {
    const answer = await get(port, '/app.0123abcd.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['vary']).toBe('Accept-Encoding');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(script.length / 10);
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(script);
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('sends gzip when brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await get(port, '/app.0123abcd.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);
    const plain = await get(port, '/app.0123abcd.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toBe('Accept-Encoding');
    expect(plain.body.toString()).toBe(script);
    expect(Number(plain.headers['content-length'])).toBe(script.length);
  });

  it('falls back to what exists: remoteEntry.js has no .gz here', async () => {
    const answer = await get(port, '/remoteEntry.js', { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe(script);
  });

  it('revalidates remoteEntry.js with an ETag per encoding and answers 304 when unchanged', async () => {
    const first = await get(port, '/remoteEntry.js', { 'accept-encoding': 'br' });
    expect(first.headers['cache-control']).toBe(REVALIDATE);
    const etag = first.headers['etag'] ?? '';
    expect(etag).toMatch(/-br"$/);
    const again = await get(port, '/remoteEntry.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['etag']).toBe(etag);
    // the plain representation has another tag, so a brotli tag does not validate it
    const plain = await get(port, '/remoteEntry.js', { 'if-none-match': etag });
    expect(plain.status).toBe(200);
    expect(plain.headers['etag']).not.toBe(etag);
  });

  it('serves index.html for / with no-cache, and HEAD without a body', async () => {
    const home = await get(port, '/', { 'accept-encoding': 'br' });
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.headers['cache-control']).toBe(REVALIDATE);
    expect(home.body.toString()).toContain('<title>shell</title>');
    const head = await get(port, '/index.html', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(home.body.length);
  });

  it('never compresses images and never sends a copy older than its file', async () => {
    const png = await get(port, '/logo.png', { 'accept-encoding': 'br, gzip' });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers['vary']).toBeUndefined();
    const stale = await get(port, '/nested/stale.js', { 'accept-encoding': 'gzip' });
    expect(stale.headers['content-encoding']).toBeUndefined();
    expect(stale.body.toString()).toBe('new();');
  });

  it('passes unknown files and paths outside the folder on to the next handler', async () => {
    expect((await get(port, '/missing.js')).status).toBe(404);
    expect((await get(port, '/%2e%2e/etc/passwd')).status).toBe(404);
  });
});
