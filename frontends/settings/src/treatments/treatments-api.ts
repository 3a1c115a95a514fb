import { apiQueryFilter, type AnswerOf, type ApiQueryFilter, type BodyOf } from '@pawline/api-client';

// The wire shapes of the treatments screen, derived from the route declarations
// (libs/contracts/src/http/scheduling.routes.ts); the page reads and writes them through the data layer.
export type Treatment = AnswerOf<'listTreatments'>[number];
export type TreatmentFields = BodyOf<'createTreatment'>;
export type TreatmentChange = BodyOf<'updateTreatment'>;

/** active and archived: the page filters, so switching the toggle needs no request */
export const ALL_TREATMENTS = { include_archived: 'true' } as const;

/** What a treatment's write changes: the catalogue, the service times (R1.08) and the organization that carries it. */
export function treatmentWrites(orga: string): ApiQueryFilter[] {
  return [apiQueryFilter('listTreatments', { orga }), apiQueryFilter('listServiceTimes', { orga }), apiQueryFilter('getOrga', { orga })];
}
