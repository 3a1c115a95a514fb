import { createWebhooksNoteRpc, listWebhooksNotesRpc, webhooksHttpRoutes as http } from '@pawline/contracts';
import { orgaParam, rpcRoute, type ApiRoute } from '../http/route-definition';

// webhooks: the organization's notes; paths and bodies are declared in libs/contracts/src/http/webhooks.routes.ts.
// The gateway checks the access rule, the service checks it again.

export const webhooksRoutes: ApiRoute[] = [
  rpcRoute(http.listWebhooksNotes, {
    access: { orga: 'member' },
    rpc: listWebhooksNotesRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx) }),
  }),
  rpcRoute(http.createWebhooksNote, {
    access: { orga: 'orga_admin' },
    rpc: createWebhooksNoteRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), ...ctx.body }),
  }),
];
