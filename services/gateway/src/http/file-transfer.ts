import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthContext, CheckedMember, MessageLanguage } from '@pawline/contracts';
import { ApiError } from './api-error';
import { sendJson } from './http-io';
import type { RpcCaller } from './rpc-caller';
import { isFileUploadRoute, type BoundRpc, type FileRoute, type RouteContext, type UploadedFile } from './route-definition';

/** Read beyond a kind's limit, so a file just over it still reaches the service's own check and text. */
export const FILE_BODY_SLACK = 64 * 1024;

/** A body this many times the cap is not drained any more: the connection is closed at once. */
const DRAIN_FACTOR = 8;

const FILE_NAME_MAX = 200;

/** The caller's RPCs with its auth and language. */
export function boundRpc(rpc: RpcCaller, auth: AuthContext | null, lang: MessageLanguage, member?: CheckedMember): BoundRpc {
  return { call: (contract, data) => rpc.call(contract, data, { auth, lang, member }) };
}

/**
 * Reads a raw request body up to `cap` bytes. Beyond it the bytes are read and dropped (so the
 * caller gets its 413 instead of a broken connection) up to DRAIN_FACTOR × cap, then the
 * connection is closed. `size` is what was sent, or the announced Content-Length when that is larger.
 */
export function readRawBody(req: IncomingMessage, cap: number): Promise<{ bytes: Buffer; size: number; oversize: boolean }> {
  const announced = Number(req.headers['content-length'] ?? NaN);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    let seen = 0;
    const done = () => {
      const size = Number.isFinite(announced) ? Math.max(seen, announced) : seen;
      resolve({ bytes: Buffer.concat(chunks, kept), size, oversize: seen > cap || size > cap });
    };
    req.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (kept < cap) {
        const room = cap - kept;
        const piece = chunk.length > room ? chunk.subarray(0, room) : chunk;
        chunks.push(piece);
        kept += piece.length;
      }
      if (seen > cap * DRAIN_FACTOR) {
        req.removeAllListeners('data');
        req.removeAllListeners('end');
        req.destroy();
        reject(new ApiError('payload_too_large'));
      }
    });
    req.on('end', done);
    req.on('error', reject);
  });
}

/** `X-File-Name`, percent-decoded (so any name survives the header), trimmed to 200 characters. */
export function fileNameOf(req: IncomingMessage): string {
  const header = req.headers['x-file-name'];
  const raw = typeof header === 'string' ? header : '';
  let name = raw;
  try {
    name = decodeURIComponent(raw);
  } catch {
    name = raw;
  }
  // no path parts, no control characters
  const clean = [...name]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
    .split(/[\\/]/)
    .pop()
    ?.trim()
    .slice(0, FILE_NAME_MAX);
  return clean && clean.length > 0 ? clean : 'file';
}

/** `inline` for images, `attachment` for the rest, with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(fileName: string, contentType: string): string {
  const type = contentType.startsWith('image/') ? 'inline' : 'attachment';
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Answers a file route: an upload reads the raw body (capped at the kind's limit plus
 * FILE_BODY_SLACK) and answers the service's JSON; a download streams the parts with the
 * stored Content-Type and a Content-Disposition. Failures before the first byte is sent are
 * thrown for the JSON error answer; a failure in the middle of a download closes the connection.
 */
export async function answerFileRoute(
  route: FileRoute,
  rpc: RpcCaller,
  ctx: RouteContext,
  req: IncomingMessage,
  res: ServerResponse,
  member?: CheckedMember,
): Promise<void> {
  const bound = boundRpc(rpc, ctx.auth, ctx.lang, member);
  if (isFileUploadRoute(route)) {
    const body = await readRawBody(req, route.upload.maxBytes + FILE_BODY_SLACK);
    if (body.size === 0) throw new ApiError('validation_failed', { fields: { file: 'The body is empty: send the file as the raw body' } });
    const contentType =
      String(req.headers['content-type'] ?? 'application/octet-stream')
        .split(';')[0]
        ?.trim() ?? 'application/octet-stream';
    const file: UploadedFile = { ...body, contentType, fileName: fileNameOf(req) };
    const result = await route.upload.send(ctx, file, bound);
    sendJson(res, route.status ?? 201, result);
    return;
  }
  const download = await route.download(ctx, bound);
  const parts = download.parts[Symbol.asyncIterator]();
  // the first part decides whether this is a JSON error or a file
  const first = await parts.next();
  res.statusCode = route.status ?? 200;
  res.setHeader('Content-Type', download.contentType);
  res.setHeader('Content-Length', String(download.size));
  res.setHeader('Content-Disposition', contentDisposition(download.fileName, download.contentType));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-store');
  try {
    let step = first;
    while (!step.done) {
      if (!res.write(step.value)) await drained(res);
      step = await parts.next();
    }
    res.end();
  } catch {
    res.destroy();
  }
}

/** Resolves when the response can take more bytes; rejects when the caller went away. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onDrain = () => {
      res.off('close', onClose);
      resolve();
    };
    const onClose = () => {
      res.off('drain', onDrain);
      reject(new Error('the caller closed the connection'));
    };
    res.once('drain', onDrain);
    res.once('close', onClose);
  });
}

/** One upload part as the services' part RPCs take it. */
export type UploadPart = { offset: number; data_base64: string; last: boolean };

/**
 * Sends a raw body to its service as ordered part RPCs of `partBytes`; the last answer carries the stored
 * file. A body over the cap announces its size only, so the service answers with its own limit and text
 * (R5.10); the service's upload refusals become the user's 400/413 with that text.
 */
export async function uploadInParts<F>(
  file: UploadedFile,
  partBytes: number,
  sendPart: (part: UploadPart) => Promise<{ file?: F | null }>,
  service: string,
): Promise<F> {
  try {
    if (file.oversize) {
      await sendPart({ offset: 0, data_base64: '', last: false });
      throw new ApiError('payload_too_large');
    }
    let offset = 0;
    for (;;) {
      const part = file.bytes.subarray(offset, offset + partBytes);
      const last = offset + part.length >= file.bytes.length;
      const answer = await sendPart({ offset, data_base64: part.toString('base64'), last });
      offset += part.length;
      if (last) {
        if (!answer.file) throw new Error(`${service} stored no file for the last part`);
        return answer.file;
      }
    }
  } catch (error) {
    throw uploadFailure(error);
  }
}

/** A stored file's bytes, part after part, from its first part on (`read` fetches the part at an offset). */
export async function* partsFrom<P extends { data_base64: string; next_offset: number | null }>(
  first: P,
  read: (offset: number) => Promise<P>,
): AsyncGenerator<Buffer> {
  let part = first;
  yield Buffer.from(part.data_base64, 'base64');
  while (part.next_offset !== null) {
    part = await read(part.next_offset);
    yield Buffer.from(part.data_base64, 'base64');
  }
}

/** A service's upload refusal (R5.10) carries the i18n key in fields.file and the spec's text in params.message. */
function uploadFailure(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const failure = error as { code?: unknown; fields?: Record<string, unknown>; params?: Record<string, unknown> };
  const key = failure.fields?.['file'];
  const message = failure.params?.['message'];
  if (failure.code !== 'validation_failed' || typeof key !== 'string' || !key.startsWith('errors.upload') || typeof message !== 'string')
    return error;
  return new ApiError(key === 'errors.uploadTooBig' ? 'payload_too_large' : 'validation_failed', { fields: { file: key }, message });
}
