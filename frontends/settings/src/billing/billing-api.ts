import { apiQueryFilter, type AnswerOf, type ApiQueryFilter, type BodyOf } from '@pawline/api-client';

// The wire shapes of the billing screens, derived from the route declarations
// (libs/contracts/src/http/billing.routes.ts); the pages read and write them through the data layer.
export type PlansAnswer = AnswerOf<'listPlans'>['v'];
export type BillingPlan = PlansAnswer['plans'][number];
export type Subscription = PlansAnswer['subscription'];
export type BillingProfile = NonNullable<AnswerOf<'getBillingProfile'>['v']>;
export type BillingProfileBody = BodyOf<'updateBillingProfile'>;
export type SubscribeAnswer = AnswerOf<'subscribe'>;
export type Payment = AnswerOf<'confirmPayment'>['payment'];
export type PaymentOutcome = BodyOf<'confirmPayment'>['outcome'];
export type Invoice = AnswerOf<'listInvoices'>['v'][number];

/** What a subscription write (subscribe, a payment confirmed or paid) changes on screen: the plans with the
 * subscription, the invoices, and the organization (its tier opens or closes premium pages). */
export function subscriptionWrites(orga: string): ApiQueryFilter[] {
  return [
    apiQueryFilter('listPlans', { orga }),
    apiQueryFilter('getSubscription', { orga }),
    apiQueryFilter('listInvoices', { orga }),
    apiQueryFilter('getOrga', { orga }),
  ];
}
