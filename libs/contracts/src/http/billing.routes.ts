import { createBillingNoteRpc, listBillingNotesRpc } from '../billing';
import { defineRoute } from '../core/http-route';

// billing: the organization's notes. The gateway binds these (services/gateway/src/routes/billing.routes.ts)
// and the browser calls them through API_ROUTES of libs/api-client.

const noteBody = createBillingNoteRpc.request.omit({ orga_id: true });

export const billingHttpRoutes = {
  listBillingNotes: defineRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/billing/notes',
    summary: "The organization's billing notes, newest first",
    tag: 'billing',
    response: listBillingNotesRpc.response,
  }),
  createBillingNote: defineRoute({
    method: 'post',
    path: '/api/v1/orga/:orga/billing/note',
    summary: 'Add a billing note (organization administrators)',
    tag: 'billing',
    status: 201,
    body: noteBody,
    response: createBillingNoteRpc.response,
  }),
} as const;
