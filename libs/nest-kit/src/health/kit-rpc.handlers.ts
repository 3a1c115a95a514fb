import { Controller, type Type } from '@nestjs/common';
import {
  deadLetterListRpc,
  healthRpc,
  type DeadLetterListRpc,
  type HealthReport,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { DeadLetterStore } from '../events/dead-letter.store';
import { RpcHandler } from '../rpc/rpc-handler.decorator';
import { HealthService } from './health.service';

/** `rpc.<service>.health` and `rpc.<service>.dead-letter.list`: a controller made per service, since the subjects carry its name. */
export function kitRpcHandlers(serviceName: string): Type {
  @Controller()
  class KitRpcHandlers {
    constructor(
      private readonly health: HealthService,
      private readonly deadLetters: DeadLetterStore,
    ) {}

    @RpcHandler(healthRpc(serviceName))
    check(): Promise<HealthReport> {
      return this.health.check();
    }

    @RpcHandler(deadLetterListRpc(serviceName))
    async list(input: RpcRequest<DeadLetterListRpc>): Promise<RpcResponse<DeadLetterListRpc>> {
      return { items: await this.deadLetters.list(input) };
    }
  }
  return KitRpcHandlers;
}
