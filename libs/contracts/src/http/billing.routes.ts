import {
  confirmPaymentRpc,
  getBillingProfileRpc,
  getSubscriptionRpc,
  listInvoicesRpc,
  listPlansRpc,
  payDeclinedChargeRpc,
  subscribeRpc,
  updateBillingProfileRpc,
} from '../billing';
import { defineRoute } from '../core/http-route';

// billing (issue 14): plans, the subscription, billing data, payments and invoices (spec §1, §3, §4, §5,
// §7). The gateway binds these (services/gateway/src/routes/billing.routes.ts) and the browser calls
// them through API_ROUTES of libs/api-client.

const ORGA = '/api/v1/orga/:orga';

export const billingHttpRoutes = {
  listPlans: defineRoute({
    method: 'get',
    path: `${ORGA}/plans`,
    summary: 'The plans with their entitlements and where the organization stands (spec §7, R7.01, R1.19)',
    tag: 'billing',
    response: listPlansRpc.response,
  }),
  getSubscription: defineRoute({
    method: 'get',
    path: `${ORGA}/subscription`,
    summary: "The organization's subscription state, remaining days, banner and sidebar notice (spec §4, R4.08, R4.09)",
    tag: 'billing',
    response: getSubscriptionRpc.response,
  }),
  subscribe: defineRoute({
    method: 'post',
    path: `${ORGA}/subscription`,
    summary: 'Subscribe or change plan: first month pro-rata, then the 1st (organization administrators, R1.22)',
    tag: 'billing',
    body: subscribeRpc.request.omit({ orga_id: true }),
    response: subscribeRpc.response,
  }),
  confirmPayment: defineRoute({
    method: 'post',
    path: `${ORGA}/payment/:payment/confirm`,
    summary: "The sandbox payment page's outcome: completed or failed (organization administrators)",
    tag: 'billing',
    body: confirmPaymentRpc.request.omit({ orga_id: true, payment_id: true }),
    response: confirmPaymentRpc.response,
  }),
  payDeclinedCharge: defineRoute({
    method: 'post',
    path: `${ORGA}/declined-charge/pay`,
    summary: "Pay the run's declined charge now on the payment page, not at the next day's retry (organization administrators)",
    tag: 'billing',
    response: payDeclinedChargeRpc.response,
  }),
  getBillingProfile: defineRoute({
    method: 'get',
    path: `${ORGA}/billing/data`,
    summary: 'Billing data, Company or Private (organization administrators, R1.23, R3.18)',
    tag: 'billing',
    response: getBillingProfileRpc.response,
  }),
  updateBillingProfile: defineRoute({
    method: 'put',
    path: `${ORGA}/billing/data`,
    summary: 'Save billing data; an invalid VAT, fiscal code or recipient code is refused (R5.06–R5.09)',
    tag: 'billing',
    body: updateBillingProfileRpc.request.omit({ orga_id: true }),
    response: updateBillingProfileRpc.response,
  }),
  listInvoices: defineRoute({
    method: 'get',
    path: `${ORGA}/invoices`,
    summary: "The organization's invoices with lines and VAT, newest first (organization administrators)",
    tag: 'billing',
    response: listInvoicesRpc.response,
  }),
  downloadInvoicePdf: defineRoute({
    method: 'get',
    path: `${ORGA}/invoice/:invoice/pdf`,
    summary: 'An invoice as PDF (organization administrators)',
    tag: 'billing',
    transfer: 'download',
  }),
  downloadInvoiceXml: defineRoute({
    method: 'get',
    path: `${ORGA}/invoice/:invoice/xml`,
    summary: 'An invoice as FatturaPA XML (FPR12), Italian companies only (organization administrators)',
    tag: 'billing',
    transfer: 'download',
  }),
} as const;
