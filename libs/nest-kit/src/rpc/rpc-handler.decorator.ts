import { applyDecorators, SetMetadata } from '@nestjs/common';
import { Ctx, MessagePattern, Payload } from '@nestjs/microservices';
import type { AuthContext, CheckedMember, RpcContract } from '@pawline/contracts';
import { RpcContractPipe } from './rpc-contract.pipe';

export const RPC_HANDLER = 'pawline:rpc-handler';

/** Who calls, in which language, and (from the gateway) the membership it checked for the request's organization. */
export type RpcCallContext = { auth: AuthContext | null; lang: string; member?: CheckedMember | undefined };

/** What the kit's transport reads from a @MessagePattern's extras. */
export type RpcPatternExtras = { rpc: RpcContract };

/**
 * A controller method as the handler of an RPC contract: a `@MessagePattern` on the contract's
 * subject (the transport adds the prefix), its payload checked by the contract's schema in a pipe,
 * and the call context (auth, lang) as the second argument. Guards, pipes, interceptors and
 * filters apply as in any Nest microservice.
 */
export function RpcHandler(contract: RpcContract): MethodDecorator {
  const extras: RpcPatternExtras = { rpc: contract };
  return applyDecorators(
    SetMetadata(RPC_HANDLER, contract),
    MessagePattern(contract.subject, extras),
    (target: object, key: string | symbol) => {
      // the same as writing `@Payload(pipe) input, @Ctx() ctx` on the method's first two parameters
      Payload(new RpcContractPipe(contract))(target, key, 0);
      Ctx()(target, key, 1);
    },
  );
}
