import type { AuthContext, CheckedMember, RpcContract, RpcRequest, RpcResponse } from '@pawline/contracts';
import type { RawJson } from '@pawline/nest-kit';

/** `member`: the membership the route's guard checked, carried to the service in the envelope (ADR 0007). */
type CallOptions = { auth: AuthContext | null; lang: string; member?: CheckedMember | undefined; timeoutMs?: number };

/** The part of the kit's NatsRpcClient the gateway uses (failures throw an error carrying `code`). */
export type RpcCaller = {
  call<C extends RpcContract>(contract: C, data: RpcRequest<C>, options: CallOptions): Promise<RpcResponse<C>>;
};

/** The API router also passes a service's answer on to the client unread (no parse, no re-serialize). */
export type PassThroughRpcCaller = RpcCaller & {
  callRaw<C extends RpcContract>(contract: C, data: RpcRequest<C>, options: CallOptions): Promise<RawJson<RpcResponse<C>>>;
};
