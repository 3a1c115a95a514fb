import { Controller } from '@nestjs/common';
import { createPetRpc, deletePetRpc, getPetRpc, listPetsRpc, updatePetRpc, type RpcRequest, type RpcResponse } from '@pawline/contracts';
import { RpcHandler, type RpcCallContext } from '@pawline/nest-kit';
import { CrmAccess } from '../access/crm-access.service';
import { PetService } from './pet.service';

@Controller()
export class PetHandlers {
  constructor(
    private readonly access: CrmAccess,
    private readonly pets: PetService,
  ) {}

  @RpcHandler(createPetRpc)
  async create(input: RpcRequest<typeof createPetRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof createPetRpc>> {
    return this.pets.create(await this.access.store(ctx, input.orga_id, input.store_id, 'write'), input);
  }

  @RpcHandler(updatePetRpc)
  async update(input: RpcRequest<typeof updatePetRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof updatePetRpc>> {
    return this.pets.update(await this.access.store(ctx, input.orga_id, input.store_id, 'write'), input);
  }

  @RpcHandler(deletePetRpc)
  async delete(input: RpcRequest<typeof deletePetRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof deletePetRpc>> {
    return this.pets.delete(await this.access.store(ctx, input.orga_id, input.store_id, 'write'), input.pet_id);
  }

  @RpcHandler(getPetRpc)
  async get(input: RpcRequest<typeof getPetRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getPetRpc>> {
    return this.pets.detail(await this.access.store(ctx, input.orga_id, input.store_id, 'read'), input.pet_id);
  }

  @RpcHandler(listPetsRpc)
  async list(input: RpcRequest<typeof listPetsRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listPetsRpc>> {
    return this.pets.list(await this.access.list(ctx, input.orga_id, input.store_id), input);
  }
}
