import { z } from 'zod';
import {
  createApiKeyRpc,
  listApiKeysRpc,
  revokeApiKeyRpc,
  cancelOrgaRpc,
  createMemberRpc,
  createStoreRpc,
  deactivateMemberRpc,
  getMemberRpc,
  getOrgaRpc,
  getStoreRpc,
  listMembersRpc,
  listOrgasRpc,
  listStoresRpc,
  reactivateMemberRpc,
  updateMemberRpc,
  updateOrgaRpc,
  updateOrgaSettingsRpc,
  updateStoreRpc,
} from '../identity';
import { defineRoute } from '../core/http-route';
import { externalServiceSchema, tagSchema } from '../crm/crm-shapes';
import { treatmentSchema } from '../scheduling/scheduling-shapes';

// bodies are the contracts' request schemas without the ids the path carries
const orgaBody = updateOrgaRpc.request.omit({ orga_id: true });
const settingsBody = updateOrgaSettingsRpc.request.omit({ orga_id: true });
const storeCreateBody = createStoreRpc.request.omit({ orga_id: true });
const storeUpdateBody = updateStoreRpc.request.omit({ orga_id: true, store_id: true });
const memberCreateBody = createMemberRpc.request.omit({ orga_id: true });
const memberUpdateBody = updateMemberRpc.request.omit({ orga_id: true, user_id: true });
const cancelBody = cancelOrgaRpc.request.omit({ orga_id: true });
const apiKeyCreateBody = createApiKeyRpc.request.omit({ orga_id: true });

/**
 * Spec §3/§7 the organization as the browser loads it: identity's data, stores and users, with the
 * treatments catalogue (archived ones too, flagged by `archive`), the tags of customers and pets and
 * the external services. The gateway gathers them from identity, scheduling and crm.
 */
export const organizationViewSchema = getOrgaRpc.response.extend({
  // null: the service that keeps the list did not answer in time. The organization still loads (the shell
  // starts from it), and the list is read again with the next load.
  treatments: z.array(treatmentSchema).nullable(),
  tags: z.array(tagSchema).nullable(),
  external_services: z.array(externalServiceSchema).nullable(),
});
export type OrganizationView = z.infer<typeof organizationViewSchema>;

/** Organizations, their settings, stores and team (R1.17, R2.02, R3.02–R3.04, R7.01). */
export const orgaHttpRoutes = {
  listOrgas: defineRoute({
    method: 'get',
    path: '/api/v1/orga',
    summary: 'Organizations of the signed-in user (R7.01)',
    tag: 'orga',
    response: listOrgasRpc.response,
  }),
  getOrga: defineRoute({
    method: 'get',
    path: '/api/v1/orga/:orga',
    summary: 'An organization with its stores, users, treatments, tags and external services (R7.01)',
    tag: 'orga',
    response: organizationViewSchema,
  }),
  listStores: defineRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/store',
    summary: 'Stores of the organization the user reaches (R7.01, R6.04)',
    tag: 'orga',
    response: listStoresRpc.response,
  }),
  getStore: defineRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/store/:store',
    summary: 'One store (R7.01); store read access',
    tag: 'orga',
    response: getStoreRpc.response,
  }),
  updateOrga: defineRoute({
    method: 'put',
    path: '/api/v1/orga/:orga',
    summary: 'Update organization data (R3.02); organization administrators',
    tag: 'orga',
    body: orgaBody,
    response: updateOrgaRpc.response,
  }),
  updateOrgaSettings: defineRoute({
    method: 'put',
    path: '/api/v1/orga/:orga/settings',
    summary: 'Minimum ranks, share_pets and the administrator notification (sanitized) (R2.02, R3.02)',
    tag: 'orga',
    body: settingsBody,
    response: updateOrgaSettingsRpc.response,
  }),
  cancelOrga: defineRoute({
    method: 'post',
    path: '/api/v1/orga/:orga/cancel',
    summary: 'Cancel the organization: the owner repeats its name; everything of it is deleted (R1.17)',
    tag: 'orga',
    body: cancelBody,
    response: cancelOrgaRpc.response,
  }),
  createStore: defineRoute({
    method: 'post',
    path: '/api/v1/orga/:orga/store',
    summary: 'Create a store (R3.04); organization administrators',
    tag: 'orga',
    status: 201,
    body: storeCreateBody,
    response: createStoreRpc.response,
  }),
  updateStore: defineRoute({
    method: 'put',
    path: '/api/v1/orga/:orga/store/:store',
    summary: 'Update a store (R3.04); organization administrators',
    tag: 'orga',
    body: storeUpdateBody,
    response: updateStoreRpc.response,
  }),
  deleteStore: defineRoute({
    method: 'delete',
    path: '/api/v1/orga/:orga/store/:store',
    summary: 'Delete a store; the last store stays (409); organization administrators',
    tag: 'orga',
    status: 204,
  }),
  listTeam: defineRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/users',
    summary: 'The team with contact data (R3.03); organization administrators',
    tag: 'orga',
    response: listMembersRpc.response,
  }),
  getTeamMember: defineRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/users/:user',
    summary: 'One team member by person user id; organization administrators',
    tag: 'orga',
    response: getMemberRpc.response,
  }),
  createTeamMember: defineRoute({
    method: 'post',
    path: '/api/v1/orga/:orga/users',
    summary: 'Create a team member: generated username (R5.17), first password answered once, rank and store overrides (R3.03)',
    tag: 'orga',
    status: 201,
    body: memberCreateBody,
    response: createMemberRpc.response,
  }),
  updateTeamMember: defineRoute({
    method: 'put',
    path: '/api/v1/orga/:orga/users/:user',
    summary: 'Update a team member; only the owner makes or changes an owner, nobody grants a rank above their own (R6.02)',
    tag: 'orga',
    body: memberUpdateBody,
    response: updateMemberRpc.response,
  }),
  deactivateTeamMember: defineRoute({
    method: 'post',
    path: '/api/v1/orga/:orga/users/:user/deactivate',
    summary: 'Deactivate a team member: no sign-in, live sessions end at once (R3.03)',
    tag: 'orga',
    response: deactivateMemberRpc.response,
  }),
  reactivateTeamMember: defineRoute({
    method: 'post',
    path: '/api/v1/orga/:orga/users/:user/reactivate',
    summary: 'Reactivate a team member (R3.03)',
    tag: 'orga',
    response: reactivateMemberRpc.response,
  }),
  listApiKeys: defineRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/api_key',
    summary:
      "The organization's API keys that are not revoked, with their scopes, stores, expiry and last use (issue 33); organization administrators",
    tag: 'orga',
    response: listApiKeysRpc.response,
  }),
  createApiKey: defineRoute({
    method: 'post',
    path: '/api/v1/orga/:orga/api_key',
    summary:
      'Create an API key: a name, scopes (calendar, customers, booking, messaging; read or write), optional stores and expiry. The secret is answered this once (issue 33); organization administrators',
    tag: 'orga',
    status: 201,
    body: apiKeyCreateBody,
    response: createApiKeyRpc.response,
  }),
  revokeApiKey: defineRoute({
    method: 'delete',
    path: '/api/v1/orga/:orga/api_key/:api_key',
    summary: "Revoke an API key at once: the key's next request is refused with 401 (issue 33); organization administrators",
    tag: 'orga',
    response: revokeApiKeyRpc.response,
  }),
} as const;
