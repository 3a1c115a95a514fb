import { Controller } from '@nestjs/common';
import {
  acceptPublicAgreementRpc,
  createAgreementLinkRpc,
  getCustomerAgreementRpc,
  getPublicAgreementRpc,
  getStoreAgreementRpc,
  publishStoreAgreementRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { RpcHandler, StoreAdmin, StoreRead, StoreWrite, storeScopeOf, type RpcCallContext } from '@pawline/nest-kit';
import { AgreementService } from './agreement.service';

/**
 * Issue 31 agreements: store readers see the agreement and a customer's state, store writers send the link, store
 * administrators publish a version (as they change the booking setup). The public page's RPCs answer anyone, signed
 * in or not (a public route must, as the widget's): the signed token is the only key.
 */
@Controller()
export class AgreementHandlers {
  constructor(private readonly agreements: AgreementService) {}

  @StoreRead()
  @RpcHandler(getStoreAgreementRpc)
  async get(_input: RpcRequest<typeof getStoreAgreementRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getStoreAgreementRpc>> {
    return this.agreements.get(storeScopeOf(ctx));
  }

  @StoreAdmin()
  @RpcHandler(publishStoreAgreementRpc)
  async publish(
    input: RpcRequest<typeof publishStoreAgreementRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof publishStoreAgreementRpc>> {
    return this.agreements.publish(storeScopeOf(ctx), input.texts);
  }

  @StoreRead()
  @RpcHandler(getCustomerAgreementRpc)
  async customer(
    input: RpcRequest<typeof getCustomerAgreementRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof getCustomerAgreementRpc>> {
    return this.agreements.customer(storeScopeOf(ctx), input.customer_id);
  }

  @StoreWrite()
  @RpcHandler(createAgreementLinkRpc)
  async link(input: RpcRequest<typeof createAgreementLinkRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof createAgreementLinkRpc>> {
    return this.agreements.link(storeScopeOf(ctx), input.customer_id);
  }

  @RpcHandler(getPublicAgreementRpc)
  async publicPage(input: RpcRequest<typeof getPublicAgreementRpc>): Promise<RpcResponse<typeof getPublicAgreementRpc>> {
    return this.agreements.publicPage(input.token, input.lang);
  }

  @RpcHandler(acceptPublicAgreementRpc)
  async accept(input: RpcRequest<typeof acceptPublicAgreementRpc>): Promise<RpcResponse<typeof acceptPublicAgreementRpc>> {
    return this.agreements.acceptByLink(input.token, input.name, input.ip_address);
  }
}
