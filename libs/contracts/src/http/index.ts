import { authHttpRoutes } from './auth.routes';
import { crmHttpRoutes } from './crm.routes';
import { customerHistoryHttpRoutes } from './customer-history.routes';
import { orgaHttpRoutes } from './orga.routes';
import { platformHttpRoutes } from './platform.routes';
import { schedulingHttpRoutes } from './scheduling.routes';
import { userHttpRoutes } from './user.routes';
import { messagingHttpRoutes } from './messaging.routes';
import { messagingInboxHttpRoutes } from './messaging-inbox.routes';
import { messagingWebhookHttpRoutes } from './messaging-webhook.routes';
import { billingWebhookHttpRoutes } from './billing-webhook.routes';
import { bookingHttpRoutes } from './booking.routes';
import { billingHttpRoutes } from './billing.routes';
import { marketingHttpRoutes } from './marketing.routes';
import { analyticsHttpRoutes } from './analytics.routes';
import { retailHttpRoutes } from './retail.routes';
import { noShowHttpRoutes } from './no-show.routes';
import { careHttpRoutes } from './care.routes';
import { webhooksHttpRoutes } from './webhooks.routes';
import { searchHttpRoutes } from './search.routes';
import { reportCardHttpRoutes } from './report-card.routes';
import { agreementHttpRoutes } from './agreement.routes';

export * from './auth.routes';
export * from './crm.routes';
export * from './customer-history.routes';
export * from './orga.routes';
export * from './platform.routes';
export * from './scheduling.routes';
export * from './user.routes';
export * from './messaging.routes';
export * from './messaging-inbox.routes';
export * from './messaging-webhook.routes';
export * from './billing-webhook.routes';
export * from './booking.routes';
export * from './billing.routes';
export * from './marketing.routes';
export * from './analytics.routes';
export * from './retail.routes';
export * from './no-show.routes';
export * from './care.routes';
export * from './webhooks.routes';
export * from './search.routes';
export * from './report-card.routes';
export * from './agreement.routes';

/**
 * Every /api/v1 route by name: the gateway binds each one (services/gateway/src/routes) and the
 * browser's client (libs/api-client/src/api-routes.generated.ts) has one typed reference per name.
 */
export const HTTP_ROUTES = {
  ...authHttpRoutes,
  ...userHttpRoutes,
  ...orgaHttpRoutes,
  ...crmHttpRoutes,
  ...schedulingHttpRoutes,
  ...customerHistoryHttpRoutes,
  ...reportCardHttpRoutes,
  ...platformHttpRoutes,
  ...messagingHttpRoutes,
  ...messagingInboxHttpRoutes,
  ...messagingWebhookHttpRoutes,
  ...bookingHttpRoutes,
  ...agreementHttpRoutes,
  ...billingHttpRoutes,
  ...billingWebhookHttpRoutes,
  ...marketingHttpRoutes,
  ...analyticsHttpRoutes,
  ...retailHttpRoutes,
  ...noShowHttpRoutes,
  ...careHttpRoutes,
  ...webhooksHttpRoutes,
  ...searchHttpRoutes,
} as const;

export type HttpRouteName = keyof typeof HTTP_ROUTES;
export * from './realtime-message';
