import { Controller } from '@nestjs/common';
import {
  getCustomerStatisticsRpc,
  getOrgaStatisticsRpc,
  getSalonStatisticsRpc,
  type RpcRequest,
  type RpcResponse,
} from '@pawline/contracts';
import { OrgaAdmin, RpcHandler, StoreAdmin, requirePlanFeature, scopeOf, storeScopeOf, type RpcCallContext } from '@pawline/nest-kit';
import { StatisticsService } from './statistics.service';

/** The organization's calendar: its stores' time zone when they share one, else UTC. */
export function orgaTimeZone(storeTimeZones: Record<string, string>): string {
  const zones = new Set(Object.values(storeTimeZones));
  return zones.size === 1 ? [...zones][0] : 'UTC';
}

/**
 * R1.12 statistics. Store statistics for store administrators, the organization's for organization
 * administrators (spec §6, R2.02, R6.06: the kit's decorators); each needs its Premium feature (R1.20).
 */
@Controller()
export class StatisticsHandlers {
  constructor(private readonly statistics: StatisticsService) {}

  @StoreAdmin()
  @RpcHandler(getSalonStatisticsRpc)
  async salon(input: RpcRequest<typeof getSalonStatisticsRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getSalonStatisticsRpc>> {
    const scope = storeScopeOf(ctx);
    requirePlanFeature(scope.member, 'salon_statistics');
    return this.statistics.salon(scope.storeId, input, scope.timeZone);
  }

  @StoreAdmin()
  @RpcHandler(getCustomerStatisticsRpc)
  async customers(
    input: RpcRequest<typeof getCustomerStatisticsRpc>,
    ctx: RpcCallContext,
  ): Promise<RpcResponse<typeof getCustomerStatisticsRpc>> {
    const scope = storeScopeOf(ctx);
    requirePlanFeature(scope.member, 'customer_statistics');
    return this.statistics.customers(scope.storeId, input, scope.timeZone);
  }

  @OrgaAdmin()
  @RpcHandler(getOrgaStatisticsRpc)
  async orga(input: RpcRequest<typeof getOrgaStatisticsRpc>, ctx: RpcCallContext): Promise<RpcResponse<typeof getOrgaStatisticsRpc>> {
    const scope = scopeOf(ctx);
    requirePlanFeature(scope.member, 'salon_statistics');
    return this.statistics.orga(scope.orgaId, input, orgaTimeZone(scope.member.store_time_zones));
  }
}
