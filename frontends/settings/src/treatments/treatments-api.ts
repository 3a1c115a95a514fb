import { API_ROUTES, createRemoteHttp, type AnswerOf, type BodyOf, type ShellBridge } from '@pawline/api-client';

// The wire shapes of the treatments screen, derived from the route declarations
// (libs/contracts/src/http/scheduling.routes.ts).
export type Treatment = AnswerOf<'listTreatments'>[number];
export type TreatmentFields = BodyOf<'createTreatment'>;
export type TreatmentChange = BodyOf<'updateTreatment'>;

/**
 * The organization's treatments catalogue through the gateway's declared routes, with the shell's session.
 * The remote's own calls (not ApiClient methods): an older shell has no such methods.
 */
export function createTreatmentsApi(bridge: Pick<ShellBridge, 'api' | 'language'>, orgaId: string) {
  const { request } = createRemoteHttp({ api: bridge.api, language: bridge.language });
  const orga = { orga: orgaId };
  return {
    /** active and archived: the page filters, so switching the toggle needs no request */
    list: () => request(API_ROUTES.listTreatments, { params: orga, query: { include_archived: 'true' } }),
    create: (body: TreatmentFields) => request(API_ROUTES.createTreatment, { params: orga, body }),
    update: (treatmentId: string, body: TreatmentChange) =>
      request(API_ROUTES.updateTreatment, { params: { ...orga, id: treatmentId }, body }),
  };
}

export type TreatmentsApi = ReturnType<typeof createTreatmentsApi>;
