import type { GatewayHealthChecker } from '../health/gateway-health';
import type { ApiRoute } from '../http/route-definition';
import { authRoutes } from './auth.routes';
import { crmRoutes } from './crm.routes';
import { devRoutes } from './dev.routes';
import { schedulingRoutes } from './scheduling.routes';
import { healthRoutes } from './health.routes';
import { identityAdminRoutes } from './identity-admin.routes';
import { orgaRoutes } from './orga.routes';
import { userRoutes } from './user.routes';

/** Every /api/v1 route of the gateway (the OpenAPI document is built from this table). */
export function gatewayRoutes(options: { mailSandbox: boolean; health: GatewayHealthChecker }): ApiRoute[] {
  return [
    ...authRoutes,
    ...userRoutes,
    ...orgaRoutes,
    ...identityAdminRoutes,
    ...crmRoutes,
    ...schedulingRoutes,
    ...healthRoutes(options.health),
    ...(options.mailSandbox ? devRoutes : []),
  ];
}
