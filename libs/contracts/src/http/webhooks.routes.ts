import { createWebhooksNoteRpc, listWebhooksNotesRpc } from '../webhooks';
import { defineRoute } from '../core/http-route';

// webhooks: the organization's notes. The gateway binds these (services/gateway/src/routes/webhooks.routes.ts)
// and the browser calls them through API_ROUTES of libs/api-client.

const noteBody = createWebhooksNoteRpc.request.omit({ orga_id: true });

export const webhooksHttpRoutes = {
  listWebhooksNotes: defineRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/webhooks/notes',
    summary: "The organization's webhooks notes, newest first",
    tag: 'webhooks',
    response: listWebhooksNotesRpc.response,
  }),
  createWebhooksNote: defineRoute({
    method: 'post',
    path: '/api/v1/orga/:orga/webhooks/note',
    summary: 'Add a webhooks note (organization administrators)',
    tag: 'webhooks',
    status: 201,
    body: noteBody,
    response: createWebhooksNoteRpc.response,
  }),
} as const;
