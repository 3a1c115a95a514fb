import {
  acceptPublicAgreementRpc,
  createAgreementLinkRpc,
  getCustomerAgreementRpc,
  getPublicAgreementRpc,
  getStoreAgreementRpc,
  publishStoreAgreementRpc,
} from '../booking';
import { defineRoute, type PathParameter } from '../core/http-route';

// Issue 31 store agreements (kept by booking, which owns the store's online settings): edited in booking setup,
// a customer's state on the customer and the appointment dialog, accepted on a public page through a signed link.

const STORE = '/api/v1/orga/:orga/store/:store';
const TOKEN_PARAM: Record<string, PathParameter> = {
  token: { pattern: /^[A-Za-z0-9_-]{20,400}$/, description: 'The signed token of the link sent to the customer' },
};

export const agreementHttpRoutes = {
  getStoreAgreement: defineRoute({
    method: 'get',
    path: `${STORE}/booking/admin/agreement`,
    summary: "The store's current service agreement (its last version, texts per language), or null (issue 31)",
    tag: 'booking',
    response: getStoreAgreementRpc.response,
  }),
  publishStoreAgreement: defineRoute({
    method: 'post',
    path: `${STORE}/booking/admin/agreement`,
    summary: 'Publish a new version of the service agreement: every customer must accept it again (issue 31)',
    tag: 'booking',
    status: 201,
    body: publishStoreAgreementRpc.request.omit({ orga_id: true, store_id: true }),
    response: publishStoreAgreementRpc.response,
  }),
  getCustomerAgreement: defineRoute({
    method: 'get',
    path: `${STORE}/customer/:customer/agreement`,
    summary: "Whether the customer accepted the store's current agreement, and every acceptance kept (issue 31)",
    tag: 'booking',
    response: getCustomerAgreementRpc.response,
  }),
  createAgreementLink: defineRoute({
    method: 'post',
    path: `${STORE}/customer/:customer/agreement/link`,
    summary: 'A signed link (30 days) for the customer to accept the current agreement on a public page (issue 31)',
    tag: 'booking',
    status: 201,
    response: createAgreementLinkRpc.response,
  }),
  getPublicAgreement: defineRoute({
    method: 'get',
    path: '/api/v1/public/agreement/:token',
    summary: "The agreement a signed link names, in the caller's language (no login; issue 31)",
    tag: 'public-booking',
    params: TOKEN_PARAM,
    response: getPublicAgreementRpc.response,
  }),
  acceptPublicAgreement: defineRoute({
    method: 'post',
    path: '/api/v1/public/agreement/:token',
    summary: 'Accept the agreement of a signed link with the name typed; the time and address are kept (no login; issue 31)',
    tag: 'public-booking',
    status: 201,
    params: TOKEN_PARAM,
    body: acceptPublicAgreementRpc.request.pick({ name: true }),
    response: acceptPublicAgreementRpc.response,
  }),
};
