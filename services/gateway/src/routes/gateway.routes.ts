import { GatewayHealthChecker } from '../health/gateway-health';
import { isFileUploadRoute, isWebhookRoute, type ApiRoute } from '../http/route-definition';
import { authRoutes } from './auth.routes';
import { crmRoutes } from './crm.routes';
import { customerHistoryRoutes } from './customer-history.routes';
import { searchRoutes } from './search.routes';
import { devRoutes } from './dev.routes';
import { schedulingRoutes } from './scheduling.routes';
import { healthRoutes } from './health.routes';
import { identityAdminRoutes } from './identity-admin.routes';
import { orgaRoutes } from './orga.routes';
import { userRoutes } from './user.routes';
import { messagingRoutes } from './messaging.routes';
import { messagingInboxRoutes } from './messaging-inbox.routes';
import { messagingWebhookRoutes } from './messaging-webhook.routes';
import { bookingRoutes } from './booking.routes';
import { bookingPublicRoutes } from './booking-public.routes';
import { billingRoutes } from './billing.routes';
import { billingWebhookRoutes } from './billing-webhook.routes';
import { marketingRoutes } from './marketing.routes';
import { analyticsRoutes } from './analytics.routes';
import { retailRoutes } from './retail.routes';
import { noShowRoutes } from './no-show.routes';
import { careRoutes } from './care.routes';
import { webhooksRoutes } from './webhooks.routes';
import { reportCardRoutes } from './report-card.routes';
import { agreementRoutes } from './agreement.routes';

/** Every /api/v1 route of the gateway (the OpenAPI document is built from this table). */
export function gatewayRoutes(options: { mailSandbox: boolean; health: GatewayHealthChecker }): ApiRoute[] {
  return [
    ...authRoutes,
    ...userRoutes,
    ...orgaRoutes,
    ...identityAdminRoutes,
    ...crmRoutes,
    ...schedulingRoutes,
    ...customerHistoryRoutes,
    ...searchRoutes,
    ...reportCardRoutes,
    ...messagingRoutes,
    ...messagingInboxRoutes,
    ...messagingWebhookRoutes,
    ...bookingRoutes,
    ...bookingPublicRoutes,
    ...agreementRoutes,
    ...billingRoutes,
    ...billingWebhookRoutes,
    ...marketingRoutes,
    ...analyticsRoutes,
    ...retailRoutes,
    ...noShowRoutes,
    ...careRoutes,
    ...webhooksRoutes,
    ...healthRoutes(options.health),
    ...(options.mailSandbox ? devRoutes : []),
  ];
}

/** What a route declares, without its handler: enough to call it from outside. */
export type RouteDeclaration = Pick<ApiRoute, 'method' | 'path' | 'tag' | 'access' | 'params' | 'body' | 'query' | 'status'> & {
  /** Content-Types of a raw file body (R7.10), or null for a JSON route. */
  fileBody: readonly string[] | null;
  /** A provider's webhook: public, yet refused (401/403) without its signature or verify token. */
  webhook: boolean;
};

/**
 * Every route's declaration, the sandbox mailbox included, for tests that walk the whole table
 * (the tenant-isolation matrix): a route added to the table is covered without a test of its own.
 */
export function declaredRoutes(): RouteDeclaration[] {
  // the health route's handler never runs here; only its declaration is read
  const idle = new GatewayHealthChecker({ call: () => Promise.reject(new Error('declarations only')) }, [], {
    nats: () => 'down',
    redis: () => Promise.resolve('off'),
  });
  return gatewayRoutes({ mailSandbox: true, health: idle }).map((route) => ({
    method: route.method,
    path: route.path,
    tag: route.tag,
    access: route.access,
    params: route.params,
    body: route.body,
    query: route.query,
    status: route.status,
    fileBody: isFileUploadRoute(route) ? route.upload.mediaTypes : null,
    webhook: isWebhookRoute(route),
  }));
}
