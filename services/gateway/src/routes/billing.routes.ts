import { createBillingNoteRpc, listBillingNotesRpc, billingHttpRoutes as http } from '@pawline/contracts';
import { orgaParam, rpcRoute, type ApiRoute } from '../http/route-definition';

// billing: the organization's notes; paths and bodies are declared in libs/contracts/src/http/billing.routes.ts.
// The gateway checks the access rule, the service checks it again.

export const billingRoutes: ApiRoute[] = [
  rpcRoute(http.listBillingNotes, {
    access: { orga: 'member' },
    rpc: listBillingNotesRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx) }),
  }),
  rpcRoute(http.createBillingNote, {
    access: { orga: 'orga_admin' },
    rpc: createBillingNoteRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), ...ctx.body }),
  }),
];
