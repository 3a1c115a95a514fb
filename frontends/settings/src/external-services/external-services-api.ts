import { API_ROUTES, createRemoteHttp, type AnswerOf, type BodyOf, type ShellBridge } from '@pawline/api-client';

// The wire shapes of the external services screen, derived from the route declarations
// (libs/contracts/src/http/crm.routes.ts).
export type ExternalService = AnswerOf<'listExternalServices'>[number];
export type ExternalServiceFields = BodyOf<'createExternalService'>;
export type ExternalServiceChange = BodyOf<'updateExternalService'>;

/** The organization's external services (R1.10) through the gateway's declared routes, with the shell's session. */
export function createExternalServicesApi(bridge: Pick<ShellBridge, 'api' | 'language'>, orgaId: string) {
  const { request } = createRemoteHttp({ api: bridge.api, language: bridge.language });
  const orga = { orga: orgaId };
  return {
    list: () => request(API_ROUTES.listExternalServices, { params: orga }),
    create: (body: ExternalServiceFields) => request(API_ROUTES.createExternalService, { params: orga, body }),
    update: (id: string, body: ExternalServiceChange) => request(API_ROUTES.updateExternalService, { params: { ...orga, id }, body }),
    remove: (id: string) => request(API_ROUTES.deleteExternalService, { params: { ...orga, id } }),
  };
}

export type ExternalServicesApi = ReturnType<typeof createExternalServicesApi>;
