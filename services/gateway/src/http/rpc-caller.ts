import type { AuthContext, RpcContract, RpcRequest, RpcResponse } from '@pawline/contracts';

/** The part of the kit's NatsRpcClient the gateway uses (failures throw an error carrying `code`). */
export type RpcCaller = {
  call<C extends RpcContract>(
    contract: C,
    data: RpcRequest<C>,
    options: { auth: AuthContext | null; lang: string; timeoutMs?: number },
  ): Promise<RpcResponse<C>>;
};
