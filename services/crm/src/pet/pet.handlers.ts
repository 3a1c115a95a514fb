import { Controller } from '@nestjs/common';
import {
  createPetRpc,
  deletePetRpc,
  getPetRpc,
  listPetCardsRpc,
  listPetsRpc,
  updatePetRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { AccessService, PetRead, PetWrite, type RpcCallContext, RpcHandler, storeScopeOf } from '@pawline/nest-kit';
import { PetCardService } from './pet-cards.service';
import { PetService } from './pet.service';

@Controller()
export class PetHandlers {
  constructor(
    private readonly access: AccessService,
    private readonly pets: PetService,
    private readonly cards: PetCardService,
  ) {}

  @PetWrite({ store: 'store_id' })
  @RpcHandler(createPetRpc)
  async create(input: RpcRequest<typeof createPetRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof createPetRpc>> {
    return this.pets.create(storeScopeOf(ctx), input);
  }

  @PetWrite({ store: 'store_id' })
  @RpcHandler(updatePetRpc)
  async update(input: RpcRequest<typeof updatePetRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof updatePetRpc>> {
    return this.pets.update(storeScopeOf(ctx), input);
  }

  @PetWrite({ store: 'store_id' })
  @RpcHandler(deletePetRpc)
  async delete(input: RpcRequest<typeof deletePetRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof deletePetRpc>> {
    return this.pets.delete(storeScopeOf(ctx), input.pet_id);
  }

  @PetRead({ store: 'store_id' })
  @RpcHandler(getPetRpc)
  async get(input: RpcRequest<typeof getPetRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getPetRpc>> {
    return this.pets.detail(storeScopeOf(ctx), input.pet_id);
  }

  // the same guard and store rule as a pet's own read (get above)
  @PetRead({ store: 'store_id' })
  @RpcHandler(listPetCardsRpc)
  async listCards(input: RpcRequest<typeof listPetCardsRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listPetCardsRpc>> {
    return this.cards.cards(storeScopeOf(ctx), input.pet_ids);
  }

  @RpcHandler(listPetsRpc)
  async list(input: RpcRequest<typeof listPetsRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listPetsRpc>> {
    return this.pets.list(await this.access.list(ctx, input.orga_id, input.store_id), input);
  }
}
