import { z } from 'zod';
import { authContextSchema, type AuthContext } from './auth-context';
import type { ErrorCode } from './error-codes';
import { checkedMemberSchema, type CheckedMember } from './member-access';

/** A request-reply message between the gateway (or a service) and a service over NATS. */
export type RpcContract<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> = {
  readonly kind: 'rpc';
  readonly subject: string;
  readonly request: Req;
  readonly response: Res;
};

export type RpcRequest<C extends RpcContract> = z.infer<C['request']>;
export type RpcResponse<C extends RpcContract> = z.infer<C['response']>;

const rpcSubject = /^rpc\.[a-z][a-z-]*(\.[a-z][a-z0-9-]*)+$/;

export function defineRpc<Req extends z.ZodType, Res extends z.ZodType>(
  subject: string,
  request: Req,
  response: Res,
): RpcContract<Req, Res> {
  if (!rpcSubject.test(subject)) throw new Error(`RPC subject "${subject}" must read rpc.<service>.<entity>.<verb>`);
  return { kind: 'rpc', subject, request, response };
}

/** What travels on the wire for every RPC request: who asks, in which language, and the input. */
export const rpcEnvelopeSchema = z.object({
  auth: authContextSchema.nullable(),
  lang: z.string().min(2).max(5),
  data: z.unknown(),
  /**
   * The caller's membership of the organization the request is about, as the gateway checked it;
   * absent on service-to-service calls. Trusted because services are reachable over the internal NATS only.
   */
  member: checkedMemberSchema.optional(),
});
export type RpcEnvelope = { auth: AuthContext | null; lang: string; data: unknown; member?: CheckedMember };

export type RpcFailure = {
  code: ErrorCode;
  /** HTTP status the gateway answers with. */
  status: number;
  /** Parameters for the localised message (e.g. a limit). */
  params?: Record<string, string | number>;
  /** Field-level problems of a validation failure: path → message key. */
  fields?: Record<string, string>;
  /** The service's own text in the caller's language, instead of the code's catalogue text. */
  message?: string;
  /** Fields the answer carries besides code, message and fields (a 409 conflict's colliding appointments). */
  extra?: Record<string, unknown>;
};

export type RpcReply<T = unknown> = { ok: true; data: T } | { ok: false; error: RpcFailure };
