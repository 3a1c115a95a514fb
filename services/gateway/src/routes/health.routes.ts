import type { ApiRoute } from '../http/route-definition';
import { gatewayHealthSchema, type GatewayHealthChecker } from '../health/gateway-health';

export function healthRoutes(checker: GatewayHealthChecker): ApiRoute[] {
  return [
    {
      method: 'get',
      path: '/api/v1/health',
      summary: 'Health of every service and of Postgres, NATS and Redis',
      tag: 'health',
      access: 'public',
      responseSchema: gatewayHealthSchema,
      handle: () => checker.report(),
    },
  ];
}
