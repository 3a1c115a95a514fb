import { createMessagingNoteRpc, listMessagingNotesRpc, messagingHttpRoutes as http } from '@pawline/contracts';
import { orgaParam, rpcRoute, type ApiRoute } from '../http/route-definition';

// messaging: the organization's notes; paths and bodies are declared in libs/contracts/src/http/messaging.routes.ts.
// The gateway checks the access rule, the service checks it again.

export const messagingRoutes: ApiRoute[] = [
  rpcRoute(http.listMessagingNotes, {
    access: { orga: 'member' },
    rpc: listMessagingNotesRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx) }),
  }),
  rpcRoute(http.createMessagingNote, {
    access: { orga: 'orga_admin' },
    rpc: createMessagingNoteRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), ...ctx.body }),
  }),
];
