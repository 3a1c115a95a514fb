import { Controller } from '@nestjs/common';
import {
  createBookingRuleRpc,
  deleteBookingRuleRpc,
  getBookingRuleRpc,
  listBookingRulesRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { RpcHandler, StoreAdmin, StoreRead, storeScopeOf, type RpcCallContext } from '@pawline/nest-kit';
import { BookingRuleService } from './booking-rule.service';

/** R3.08 R7.06 store readers read the booking rules; store administrators add and remove them. */
@Controller()
export class BookingRuleHandlers {
  constructor(private readonly rules: BookingRuleService) {}

  @StoreRead()
  @RpcHandler(listBookingRulesRpc)
  async list(input: RpcRequest<typeof listBookingRulesRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listBookingRulesRpc>> {
    return { v: await this.rules.list(storeScopeOf(ctx), input.from, input.to) };
  }

  @StoreRead()
  @RpcHandler(getBookingRuleRpc)
  async get(input: RpcRequest<typeof getBookingRuleRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getBookingRuleRpc>> {
    return this.rules.get(storeScopeOf(ctx), input.rule_id);
  }

  @StoreAdmin()
  @RpcHandler(createBookingRuleRpc)
  async create(input: RpcRequest<typeof createBookingRuleRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof createBookingRuleRpc>> {
    const { orga_id: _orga, store_id: _store, ...rule } = input;
    return this.rules.create(storeScopeOf(ctx), rule);
  }

  @StoreAdmin()
  @RpcHandler(deleteBookingRuleRpc)
  async delete(input: RpcRequest<typeof deleteBookingRuleRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof deleteBookingRuleRpc>> {
    return this.rules.delete(storeScopeOf(ctx), input.rule_id);
  }
}
