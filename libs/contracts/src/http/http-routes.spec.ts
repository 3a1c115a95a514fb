import { authHttpRoutes } from './auth.routes';
import { crmHttpRoutes } from './crm.routes';
import { customerHistoryHttpRoutes } from './customer-history.routes';
import { HTTP_ROUTES } from './index';
import { orgaHttpRoutes } from './orga.routes';
import { platformHttpRoutes } from './platform.routes';
import { schedulingHttpRoutes } from './scheduling.routes';
import { userHttpRoutes } from './user.routes';
import { defineRoute } from '../core/http-route';
import { messagingHttpRoutes } from './messaging.routes';
import { messagingInboxHttpRoutes } from './messaging-inbox.routes';
import { messagingWebhookHttpRoutes } from './messaging-webhook.routes';
import { bookingHttpRoutes } from './booking.routes';
import { billingHttpRoutes } from './billing.routes';
import { billingWebhookHttpRoutes } from './billing-webhook.routes';
import { marketingHttpRoutes } from './marketing.routes';
import { analyticsHttpRoutes } from './analytics.routes';
import { retailHttpRoutes } from './retail.routes';
import { webhooksHttpRoutes } from './webhooks.routes';
import { noShowHttpRoutes } from './no-show.routes';
import { searchHttpRoutes } from './search.routes';
import { careHttpRoutes } from './care.routes';
import { reportCardHttpRoutes } from './report-card.routes';
import { agreementHttpRoutes } from './agreement.routes';

describe('HTTP route declarations', () => {
  const areas = [
    authHttpRoutes,
    userHttpRoutes,
    orgaHttpRoutes,
    crmHttpRoutes,
    schedulingHttpRoutes,
    customerHistoryHttpRoutes,
    reportCardHttpRoutes,
    agreementHttpRoutes,
    platformHttpRoutes,
    messagingHttpRoutes,
    messagingInboxHttpRoutes,
    messagingWebhookHttpRoutes,
    bookingHttpRoutes,
    billingHttpRoutes,
    billingWebhookHttpRoutes,
    marketingHttpRoutes,
    analyticsHttpRoutes,
    retailHttpRoutes,
    webhooksHttpRoutes,
    noShowHttpRoutes,
    searchHttpRoutes,
    careHttpRoutes,
  ];

  it('lists every area route under its own name (no name of one area hides another)', () => {
    const total = areas.reduce((sum, area) => sum + Object.keys(area).length, 0);
    expect(Object.keys(HTTP_ROUTES)).toHaveLength(total);
  });

  it('declares each method and path once', () => {
    const keys = Object.values(HTTP_ROUTES).map((route) => `${route.method} ${route.path.toLowerCase()}`);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });

  it('refuses a path outside /api/v1, a pattern for a parameter the path lacks, and JSON on a file route', () => {
    expect(() => defineRoute({ method: 'get', path: '/v2/user', summary: 's', tag: 't' })).toThrow(/\/api\/v1/);
    expect(() =>
      defineRoute({
        method: 'get',
        path: '/api/v1/orga/:orga',
        summary: 's',
        tag: 't',
        params: { store: { pattern: /x/, description: 'd' } },
      }),
    ).toThrow(/:store/);
    expect(() =>
      defineRoute({
        method: 'get',
        path: '/api/v1/file/:file',
        summary: 's',
        tag: 't',
        transfer: 'download',
        response: authHttpRoutes.login.response,
      }),
    ).toThrow(/bytes/);
  });
});
