import { API_ROUTES, createRemoteHttp, type ShellBridge } from '@pawline/api-client';
import type { CrmSettingsChange } from './customer-settings-form';

/** The organization's customer settings (R5.13) through the gateway's declared routes. */
export function createCustomerSettingsApi(bridge: Pick<ShellBridge, 'api' | 'language'>, orgaId: string) {
  const { request } = createRemoteHttp({ api: bridge.api, language: bridge.language });
  const orga = { orga: orgaId };
  return {
    get: () => request(API_ROUTES.getCrmSettings, { params: orga }),
    update: (body: CrmSettingsChange) => request(API_ROUTES.updateCrmSettings, { params: orga, body }),
  };
}
