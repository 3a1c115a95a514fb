import express from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { frontendsRouter, WIDGET_SCRIPT_CACHE } from './docs-and-frontends';
import { IMMUTABLE } from './precompressed-static';

// The booking widget beside the shell and the remotes: /booking-widget/ for any origin, not a remote.
describe('frontendsRouter with the booking widget', () => {
  const script = '(()=>{customElements.define("pawline-booking",class extends HTMLElement{})})();\n'.repeat(50);
  let dir: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pawline-frontends-'));
    mkdirSync(path.join(dir, 'shell'));
    mkdirSync(path.join(dir, 'booking-widget'));
    mkdirSync(path.join(dir, 'calendar'));
    writeFileSync(path.join(dir, 'shell', 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(path.join(dir, 'calendar', 'remoteEntry.js'), 'remote();');
    writeFileSync(path.join(dir, 'booking-widget', 'pawline-booking.js'), script);
    writeFileSync(path.join(dir, 'booking-widget', 'pawline-booking.js.br'), zlib.brotliCompressSync(script));
    writeFileSync(path.join(dir, 'booking-widget', 'pawline-booking.js.gz'), zlib.gzipSync(script));
    writeFileSync(path.join(dir, 'booking-widget', 'part.0123abcd.js'), 'part();');
    const app = express();
    app.use(frontendsRouter(dir));
    app.use((_req, res) => void res.status(404).send('none'));
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves pawline-booking.js to any origin as JavaScript, brotli when accepted, kept a day', async () => {
    const answer = await fetch(`${base}/booking-widget/pawline-booking.js`, {
      headers: { 'accept-encoding': 'br, gzip', origin: 'https://salon-example.it' },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(answer.headers.get('content-encoding')).toBe('br');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(answer.headers.get('cache-control')).toBe(WIDGET_SCRIPT_CACHE);
    expect(await answer.text()).toBe(script);
  });

  it('keeps files named by their hash for a year', async () => {
    const answer = await fetch(`${base}/booking-widget/part.0123abcd.js`);
    expect(answer.headers.get('cache-control')).toBe(IMMUTABLE);
  });

  it('does not serve the widget as a remote, nor the shell page for an unknown widget path', async () => {
    expect((await fetch(`${base}/remotes/booking-widget/pawline-booking.js`, { headers: { accept: 'text/html' } })).status).toBe(404);
    expect((await fetch(`${base}/booking-widget/missing.js`, { headers: { accept: 'text/html' } })).status).toBe(404);
    expect((await fetch(`${base}/remotes/calendar/remoteEntry.js`)).status).toBe(200);
    expect(await (await fetch(`${base}/some/app/page`, { headers: { accept: 'text/html' } })).text()).toContain('<title>shell</title>');
  });
});
