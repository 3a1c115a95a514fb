import { API_ROUTES, createRemoteHttp, type AnswerOf, type BodyOf, type ShellBridge } from '@pawline/api-client';

// The wire shapes of the billing screens, derived from the route declarations
// (libs/contracts/src/http/billing.routes.ts).
export type PlansAnswer = AnswerOf<'listPlans'>['v'];
export type BillingPlan = PlansAnswer['plans'][number];
export type Subscription = PlansAnswer['subscription'];
export type BillingProfile = NonNullable<AnswerOf<'getBillingProfile'>['v']>;
export type BillingProfileBody = BodyOf<'updateBillingProfile'>;
export type SubscribeAnswer = AnswerOf<'subscribe'>;
export type Payment = AnswerOf<'confirmPayment'>['payment'];
export type PaymentOutcome = BodyOf<'confirmPayment'>['outcome'];
export type Invoice = AnswerOf<'listInvoices'>['v'][number];

/** Plans, subscription, billing data, payments and invoices of one organization (issue 14), with the shell's session. */
export function createBillingApi(bridge: Pick<ShellBridge, 'api' | 'language'>, orgaId: string) {
  const { request, download } = createRemoteHttp({ api: bridge.api, language: bridge.language });
  const orga = { orga: orgaId };
  return {
    plans: () => request(API_ROUTES.listPlans, { params: orga }).then((answer) => answer.v),
    profile: () => request(API_ROUTES.getBillingProfile, { params: orga }).then((answer) => answer.v),
    saveProfile: (body: BillingProfileBody) => request(API_ROUTES.updateBillingProfile, { params: orga, body }),
    subscribe: (planId: BillingPlan['id']) => request(API_ROUTES.subscribe, { params: orga, body: { plan_id: planId } }),
    payDeclined: () => request(API_ROUTES.payDeclinedCharge, { params: orga }),
    confirmPayment: (paymentId: string, outcome: PaymentOutcome) =>
      request(API_ROUTES.confirmPayment, { params: { ...orga, payment: paymentId }, body: { outcome } }),
    invoices: () => request(API_ROUTES.listInvoices, { params: orga }).then((answer) => answer.v),
    invoiceFile: (invoiceId: string, format: 'pdf' | 'xml') => {
      const params = { ...orga, invoice: invoiceId };
      return format === 'pdf' ? download(API_ROUTES.downloadInvoicePdf, { params }) : download(API_ROUTES.downloadInvoiceXml, { params });
    },
  };
}

export type BillingApi = ReturnType<typeof createBillingApi>;
