import { Controller } from '@nestjs/common';
import {
  createVaccinationRpc,
  deleteVaccinationRpc,
  getCareSettingsRpc,
  listVaccinationsRpc,
  updateCareSettingsRpc,
  updateVaccinationRpc,
  verifyVaccinationRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { PetRead, PetWrite, RpcHandler, StoreAdmin, StoreRead, storeScopeOf, type RpcCallContext } from '@pawline/nest-kit';
import { CareSettingsService } from './care-settings.service';
import { VaccinationService } from './vaccination.service';

/** Issue 31 a pet's vaccinations (who may read or change the pet may read or change them) and a store's requirement. */
@Controller()
export class CareHandlers {
  constructor(
    private readonly vaccinations: VaccinationService,
    private readonly settings: CareSettingsService,
  ) {}

  @PetRead({ store: 'store_id' })
  @RpcHandler(listVaccinationsRpc)
  async list(input: RpcRequest<typeof listVaccinationsRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof listVaccinationsRpc>> {
    return this.vaccinations.list(storeScopeOf(ctx), input.pet_id);
  }

  @PetWrite({ store: 'store_id' })
  @RpcHandler(createVaccinationRpc)
  async create(input: RpcRequest<typeof createVaccinationRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof createVaccinationRpc>> {
    return this.vaccinations.create(storeScopeOf(ctx), input);
  }

  @PetWrite({ store: 'store_id' })
  @RpcHandler(updateVaccinationRpc)
  async update(input: RpcRequest<typeof updateVaccinationRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof updateVaccinationRpc>> {
    return this.vaccinations.update(storeScopeOf(ctx), input);
  }

  @PetWrite({ store: 'store_id' })
  @RpcHandler(verifyVaccinationRpc)
  async verify(input: RpcRequest<typeof verifyVaccinationRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof verifyVaccinationRpc>> {
    return this.vaccinations.verify(storeScopeOf(ctx), input);
  }

  @PetWrite({ store: 'store_id' })
  @RpcHandler(deleteVaccinationRpc)
  async delete(input: RpcRequest<typeof deleteVaccinationRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof deleteVaccinationRpc>> {
    return this.vaccinations.delete(storeScopeOf(ctx), input.pet_id, input.vaccination_id);
  }

  @StoreRead({ store: 'store_id' })
  @RpcHandler(getCareSettingsRpc)
  async getSettings(_input: RpcRequest<typeof getCareSettingsRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getCareSettingsRpc>> {
    return this.settings.get(storeScopeOf(ctx));
  }

  @StoreAdmin({ store: 'store_id' })
  @RpcHandler(updateCareSettingsRpc)
  async updateSettings(
    input: RpcRequest<typeof updateCareSettingsRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof updateCareSettingsRpc>> {
    return this.settings.update(storeScopeOf(ctx), input);
  }
}
