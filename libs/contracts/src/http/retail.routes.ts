import { createRetailNoteRpc, listRetailNotesRpc } from '../retail';
import { defineRoute } from '../core/http-route';

// retail: the organization's notes. The gateway binds these (services/gateway/src/routes/retail.routes.ts)
// and the browser calls them through API_ROUTES of libs/api-client.

const noteBody = createRetailNoteRpc.request.omit({ orga_id: true });

export const retailHttpRoutes = {
  listRetailNotes: defineRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/retail/notes',
    summary: "The organization's retail notes, newest first",
    tag: 'retail',
    response: listRetailNotesRpc.response,
  }),
  createRetailNote: defineRoute({
    method: 'post',
    path: '/api/v1/orga/:orga/retail/note',
    summary: 'Add a retail note (organization administrators)',
    tag: 'retail',
    status: 201,
    body: noteBody,
    response: createRetailNoteRpc.response,
  }),
} as const;
