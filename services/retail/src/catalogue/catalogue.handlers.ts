import { Controller } from '@nestjs/common';
import {
  archiveRetailProductRpc,
  createRetailProductRpc,
  createRetailSupplierRpc,
  listRetailProductsRpc,
  listRetailSuppliersRpc,
  updateRetailProductRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { Member, OrgaAdmin, RpcHandler, scopeOf, type RpcCallContext } from '@pawline/nest-kit';
import { CatalogueService } from './catalogue.service';

/**
 * The catalogue is the organization's, like its treatments: every member reads it (the counter needs it),
 * organization administrators change it (spec §6 admin check, R6.02).
 */
@Controller()
export class CatalogueHandlers {
  constructor(private readonly catalogue: CatalogueService) {}

  @Member()
  @RpcHandler(listRetailProductsRpc)
  async list(input: RpcRequest<typeof listRetailProductsRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listRetailProductsRpc>> {
    return this.catalogue.list(scopeOf(ctx).orgaId, input.search, input.include_archived ?? false);
  }

  @OrgaAdmin()
  @RpcHandler(createRetailProductRpc)
  async create(input: RpcRequest<typeof createRetailProductRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof createRetailProductRpc>> {
    const { orga_id: _orga, ...fields } = input;
    return this.catalogue.create(scopeOf(ctx).orgaId, fields);
  }

  @OrgaAdmin()
  @RpcHandler(updateRetailProductRpc)
  async update(input: RpcRequest<typeof updateRetailProductRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof updateRetailProductRpc>> {
    const { orga_id: _orga, product_id, ...changes } = input;
    return this.catalogue.update(scopeOf(ctx).orgaId, product_id, changes);
  }

  @OrgaAdmin()
  @RpcHandler(archiveRetailProductRpc)
  async archive(
    input: RpcRequest<typeof archiveRetailProductRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof archiveRetailProductRpc>> {
    return this.catalogue.archive(scopeOf(ctx).orgaId, input.product_id);
  }

  @Member()
  @RpcHandler(listRetailSuppliersRpc)
  async suppliers(
    _input: RpcRequest<typeof listRetailSuppliersRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof listRetailSuppliersRpc>> {
    return this.catalogue.suppliers(scopeOf(ctx).orgaId);
  }

  @OrgaAdmin()
  @RpcHandler(createRetailSupplierRpc)
  async createSupplier(
    input: RpcRequest<typeof createRetailSupplierRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof createRetailSupplierRpc>> {
    return this.catalogue.createSupplier(scopeOf(ctx).orgaId, input.name, input.contact ?? '');
  }
}
