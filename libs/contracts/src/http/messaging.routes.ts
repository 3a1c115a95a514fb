import { createMessagingNoteRpc, listMessagingNotesRpc } from '../messaging';
import { defineRoute } from '../core/http-route';

// messaging: the organization's notes. The gateway binds these (services/gateway/src/routes/messaging.routes.ts)
// and the browser calls them through API_ROUTES of libs/api-client.

const noteBody = createMessagingNoteRpc.request.omit({ orga_id: true });

export const messagingHttpRoutes = {
  listMessagingNotes: defineRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/messaging/notes',
    summary: "The organization's messaging notes, newest first",
    tag: 'messaging',
    response: listMessagingNotesRpc.response,
  }),
  createMessagingNote: defineRoute({
    method: 'post',
    path: '/api/v1/orga/:orga/messaging/note',
    summary: 'Add a messaging note (organization administrators)',
    tag: 'messaging',
    status: 201,
    body: noteBody,
    response: createMessagingNoteRpc.response,
  }),
} as const;
