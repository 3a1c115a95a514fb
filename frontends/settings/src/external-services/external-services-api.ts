import { apiQueryFilter, type AnswerOf, type ApiQueryFilter, type BodyOf } from '@pawline/api-client';

// The wire shapes of the external services screen, derived from the route declarations
// (libs/contracts/src/http/crm.routes.ts); the page reads and writes them through the data layer.
export type ExternalService = AnswerOf<'listExternalServices'>[number];
export type ExternalServiceFields = BodyOf<'createExternalService'>;
export type ExternalServiceChange = BodyOf<'updateExternalService'>;

/**
 * What a write of an external service changes: the list, the organization that carries it (R1.10) and the
 * customers' pages, whose ids in a deleted service go with it.
 */
export function externalServiceWrites(orga: string): ApiQueryFilter[] {
  return [apiQueryFilter('listExternalServices', { orga }), apiQueryFilter('getOrga', { orga }), apiQueryFilter('getCustomer', { orga })];
}
