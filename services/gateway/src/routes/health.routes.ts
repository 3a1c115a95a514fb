import { platformHttpRoutes } from '@pawline/contracts';
import { handlerRoute, type ApiRoute } from '../http/route-definition';
import type { GatewayHealthChecker } from '../health/gateway-health';

export function healthRoutes(checker: GatewayHealthChecker): ApiRoute[] {
  return [handlerRoute(platformHttpRoutes.health, { access: 'public', handle: () => checker.report() })];
}
