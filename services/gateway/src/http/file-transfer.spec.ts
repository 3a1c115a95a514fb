import { PassThrough } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { ApiError } from './api-error';
import { contentDisposition, fileNameOf, readRawBody } from './file-transfer';

function requestOf(headers: Record<string, string>, chunks: Buffer[] = []): IncomingMessage {
  const stream = new PassThrough();
  const req = Object.assign(stream, { headers }) as unknown as IncomingMessage;
  setImmediate(() => {
    for (const chunk of chunks) stream.write(chunk);
    stream.end();
  });
  return req;
}

describe('file transfer helpers', () => {
  it('R7.10 reads the raw body up to the cap and reports what was sent beyond it', async () => {
    const whole = await readRawBody(requestOf({}, [Buffer.from('abc'), Buffer.from('def')]), 10);
    expect(whole).toEqual({ bytes: Buffer.from('abcdef'), size: 6, oversize: false });

    const cut = await readRawBody(requestOf({}, [Buffer.alloc(8, 1), Buffer.alloc(8, 2)]), 10);
    expect(cut.bytes).toEqual(Buffer.concat([Buffer.alloc(8, 1), Buffer.alloc(2, 2)]));
    expect(cut).toMatchObject({ size: 16, oversize: true });
  });

  it('R9.04 an announced Content-Length over the cap is oversize even before the bytes arrive', async () => {
    const announced = await readRawBody(requestOf({ 'content-length': '5000' }, [Buffer.alloc(4)]), 100);
    expect(announced).toMatchObject({ size: 5000, oversize: true });
  });

  it('R9.04 a body far over the cap closes the request with payload_too_large', async () => {
    const req = requestOf({}, [Buffer.alloc(100), Buffer.alloc(100)]);
    await expect(readRawBody(req, 10)).rejects.toEqual(new ApiError('payload_too_large'));
  });

  it('R7.10 X-File-Name is percent-decoded, stripped of paths and control characters, and defaults to file', () => {
    expect(fileNameOf(requestOf({ 'x-file-name': encodeURIComponent('Fido ü.png') }))).toBe('Fido ü.png');
    expect(fileNameOf(requestOf({ 'x-file-name': '..%2F..%2Fetc%2Fpasswd' }))).toBe('passwd');
    expect(fileNameOf(requestOf({ 'x-file-name': 'a%0Ab.pdf' }))).toBe('ab.pdf');
    expect(fileNameOf(requestOf({ 'x-file-name': '%E0%A4%A' }))).toBe('%E0%A4%A');
    expect(fileNameOf(requestOf({}))).toBe('file');
    expect(fileNameOf(requestOf({ 'x-file-name': 'x'.repeat(300) }))).toHaveLength(200);
  });

  it('R7.04 Content-Disposition shows images inline and other files as attachments, with the UTF-8 name', () => {
    expect(contentDisposition('Fido ü.png', 'image/png')).toBe(`inline; filename="Fido _.png"; filename*=UTF-8''Fido%20%C3%BC.png`);
    expect(contentDisposition('a "b".pdf', 'application/pdf')).toBe(`attachment; filename="a _b_.pdf"; filename*=UTF-8''a%20%22b%22.pdf`);
  });
});
