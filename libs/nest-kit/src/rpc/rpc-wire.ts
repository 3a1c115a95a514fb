import { rpcEnvelopeSchema, type RpcEnvelope, type RpcFailure, type RpcReply } from '@pawline/contracts';
import { z } from 'zod';
import { RawJson } from './raw-json';
import { RpcError } from './rpc-error';
import { zodFields } from './zod-fields';

/** Parses a request body into an envelope; bad JSON → `bad_json`, a bad envelope → `validation_failed`. */
export function parseEnvelope(body: string): RpcEnvelope {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new RpcError('bad_json');
  }
  const parsed = rpcEnvelopeSchema.safeParse(json);
  if (!parsed.success) throw new RpcError('validation_failed', { fields: zodFields(parsed.error) });
  return { auth: parsed.data.auth, lang: parsed.data.lang, data: parsed.data.data, member: parsed.data.member };
}

const replySchema = z.union([
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({
    ok: z.literal(false),
    error: z.object({
      code: z.string(),
      status: z.number(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      fields: z.record(z.string(), z.string()).optional(),
      message: z.string().optional(),
      extra: z.record(z.string(), z.unknown()).optional(),
    }),
  }),
]);

/** Parses a reply; anything that is not an RpcReply counts as an internal failure of the callee. */
export function parseReply(body: string): RpcReply {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, error: new RpcError('internal').toFailure() };
  }
  const parsed = replySchema.safeParse(json);
  if (!parsed.success) return { ok: false, error: new RpcError('internal').toFailure() };
  if (parsed.data.ok) return { ok: true, data: parsed.data.data };
  return { ok: false, error: RpcError.fromFailure(parsed.data.error).toFailure() };
}

/**
 * A success reply always starts with exactly these characters: the server writes it only through
 * okReply. A caller that passes the data on unread (the gateway) slices it out instead of parsing.
 */
const OK_PREFIX = '{"ok":true,"data":';

/** The reply to a successful call, around data already serialized as JSON. */
export function okReply(dataJson: string): string {
  return `${OK_PREFIX}${dataJson}}`;
}

export function failureReply(failure: RpcFailure): string {
  return JSON.stringify({ ok: false, error: failure } satisfies RpcReply);
}

/** A reply whose data stays JSON text: the success data unparsed, a failure as parseReply reads it. */
export function parseReplyRaw(body: string): { ok: true; data: RawJson } | { ok: false; error: RpcFailure } {
  if (body.startsWith(OK_PREFIX) && body.endsWith('}')) return { ok: true, data: new RawJson(body.slice(OK_PREFIX.length, -1)) };
  const reply = parseReply(body);
  // a success written by hand rather than by okReply: serialize its data again
  return reply.ok ? { ok: true, data: new RawJson(JSON.stringify(reply.data)) } : reply;
}
