import { SetMetadata } from '@nestjs/common';
import type { AuthContext, RpcContract } from '@pawline/contracts';

export const RPC_HANDLER = 'pawline:rpc-handler';

export type RpcCallContext = { auth: AuthContext | null; lang: string };

/** Marks a provider method as the handler of an RPC contract; the kit subscribes it at start. */
export function RpcHandler(contract: RpcContract): MethodDecorator {
  return SetMetadata(RPC_HANDLER, contract);
}
