import { BaseRpcContext } from '@nestjs/microservices';
import type { AuthContext, CheckedMember } from '@pawline/contracts';
import type { EntityManager } from 'typeorm';
import type { RpcCallContext } from '../rpc/rpc-handler.decorator';

/** The context of one RPC request (`@Ctx()`, `ExecutionContext.switchToRpc().getContext()`): it is the handler's RpcCallContext. */
export class KitRpcContext extends BaseRpcContext<[subject: string]> implements RpcCallContext {
  /** What an access guard (`@StoreRead()`, `@OrgaAdmin()` …) allowed: read it with `scopeOf(ctx)`. */
  scope: unknown = undefined;

  constructor(
    readonly subject: string,
    readonly auth: AuthContext | null,
    readonly lang: string,
    readonly member: CheckedMember | undefined,
  ) {
    super([subject]);
  }
}

/** The context of one event or job delivery; `manager` is the consumer's transaction (null when not transactional). */
export class KitEventContext extends BaseRpcContext<[subject: string]> {
  constructor(
    readonly subject: string,
    readonly durable: string,
    readonly deliveries: number,
    readonly manager: EntityManager | null,
  ) {
    super([subject]);
  }
}
