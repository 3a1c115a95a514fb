import { apiQueryFilter, type AnswerOf, type ApiQueryFilter, type BodyOf } from '@pawline/api-client';

// The wire shapes of the webhooks screen (issue 33), derived from the route declarations
// (libs/contracts/src/http/webhooks.routes.ts); the page reads and writes them through the data layer.
export type WebhookEndpoint = AnswerOf<'listWebhookEndpoints'>['endpoints'][number];
export type WebhookEndpointCreation = BodyOf<'createWebhookEndpoint'>;
export type CreatedWebhookEndpoint = AnswerOf<'createWebhookEndpoint'>;
export type WebhookDelivery = AnswerOf<'listWebhookDeliveries'>['deliveries'][number];

/** An endpoint created, changed, rotated or deleted changes the list. */
export function webhookWrites(orga: string): ApiQueryFilter[] {
  return [apiQueryFilter('listWebhookEndpoints', { orga })];
}

/** A ping or a redelivery adds to or changes the endpoint's log. */
export function deliveryWrites(orga: string, webhook: string): ApiQueryFilter[] {
  return [apiQueryFilter('listWebhookDeliveries', { orga, webhook })];
}
