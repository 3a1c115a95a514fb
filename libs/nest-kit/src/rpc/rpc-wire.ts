import { rpcEnvelopeSchema, type RpcEnvelope, type RpcReply } from '@pawline/contracts';
import { z } from 'zod';
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
  return { auth: parsed.data.auth, lang: parsed.data.lang, data: parsed.data.data };
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
