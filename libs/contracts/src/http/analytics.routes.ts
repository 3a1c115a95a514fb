import { analysisQuerySchema, getCustomerStatisticsRpc, getOrgaStatisticsRpc, getSalonStatisticsRpc } from '../analytics';
import { defineRoute } from '../core/http-route';

// analytics (spec §1 statistics, §2 /{orgaId} and /{orgaId}/store/{storeId}/admin/analyses; §7 lists no
// analytics call, so these are REST in its style). The gateway binds them (services/gateway/src/routes/analytics.routes.ts).

export const analyticsHttpRoutes = {
  getSalonStatistics: defineRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/store/:store/analyses/salon',
    summary: 'Salon statistics of a store: appointments, revenue, average ticket, busiest days and hours, treatments, staff (R1.12)',
    tag: 'analytics',
    query: analysisQuerySchema,
    response: getSalonStatisticsRpc.response,
  }),
  getCustomerStatistics: defineRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/store/:store/analyses/customers',
    summary: 'Customer statistics of a store: new, returning, lost, visits, reminder replies, booking share (R1.12)',
    tag: 'analytics',
    query: analysisQuerySchema,
    response: getCustomerStatisticsRpc.response,
  }),
  getOrgaStatistics: defineRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/analyses',
    summary: "The organization's statistics across its stores (organization administrators, R2.02)",
    tag: 'analytics',
    query: analysisQuerySchema,
    response: getOrgaStatisticsRpc.response,
  }),
} as const;
