import { Controller } from '@nestjs/common';
import {
  createWebhookEndpointRpc,
  deleteWebhookEndpointRpc,
  listWebhookDeliveriesRpc,
  listWebhookEndpointsRpc,
  pingWebhookEndpointRpc,
  redeliverWebhookRpc,
  rotateWebhookSecretRpc,
  updateWebhookEndpointRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { OrgaAdmin, RpcHandler, scopeOf, type RpcCallContext } from '@pawline/nest-kit';
import { DeliveryLogService } from '../delivery/delivery-log.service';
import { EndpointService } from './endpoint.service';

/**
 * Organization administrators manage the endpoints and read their logs (issue 33). The kit's
 * decorators check the membership the gateway carried (ADR 0007); an API key never reaches these
 * (the gateway's key areas do not include webhooks, ADR 0059).
 */
@Controller()
export class EndpointHandlers {
  constructor(
    private readonly endpoints: EndpointService,
    private readonly log: DeliveryLogService,
  ) {}

  @OrgaAdmin()
  @RpcHandler(listWebhookEndpointsRpc)
  async list(
    _input: RpcRequest<typeof listWebhookEndpointsRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof listWebhookEndpointsRpc>> {
    return { endpoints: await this.endpoints.list(scopeOf(ctx).orgaId) };
  }

  @OrgaAdmin()
  @RpcHandler(createWebhookEndpointRpc)
  async create(
    input: RpcRequest<typeof createWebhookEndpointRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof createWebhookEndpointRpc>> {
    return this.endpoints.create(scopeOf(ctx), input);
  }

  @OrgaAdmin()
  @RpcHandler(updateWebhookEndpointRpc)
  async update(
    input: RpcRequest<typeof updateWebhookEndpointRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof updateWebhookEndpointRpc>> {
    const { orga_id: _orga, endpoint_id, ...change } = input;
    return this.endpoints.update(scopeOf(ctx), endpoint_id, change);
  }

  @OrgaAdmin()
  @RpcHandler(deleteWebhookEndpointRpc)
  async delete(
    input: RpcRequest<typeof deleteWebhookEndpointRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof deleteWebhookEndpointRpc>> {
    return this.endpoints.delete(scopeOf(ctx), input.endpoint_id);
  }

  @OrgaAdmin()
  @RpcHandler(rotateWebhookSecretRpc)
  async rotate(input: RpcRequest<typeof rotateWebhookSecretRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof rotateWebhookSecretRpc>> {
    return this.endpoints.rotate(scopeOf(ctx), input.endpoint_id);
  }

  @OrgaAdmin()
  @RpcHandler(pingWebhookEndpointRpc)
  async ping(input: RpcRequest<typeof pingWebhookEndpointRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof pingWebhookEndpointRpc>> {
    return this.endpoints.ping(scopeOf(ctx), input.endpoint_id);
  }

  @OrgaAdmin()
  @RpcHandler(listWebhookDeliveriesRpc)
  async deliveries(
    input: RpcRequest<typeof listWebhookDeliveriesRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof listWebhookDeliveriesRpc>> {
    return this.log.list(scopeOf(ctx).orgaId, input.endpoint_id, input.before, input.limit);
  }

  @OrgaAdmin()
  @RpcHandler(redeliverWebhookRpc)
  async redeliver(input: RpcRequest<typeof redeliverWebhookRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof redeliverWebhookRpc>> {
    return this.log.redeliver(scopeOf(ctx).orgaId, input.endpoint_id, input.delivery_id);
  }
}
