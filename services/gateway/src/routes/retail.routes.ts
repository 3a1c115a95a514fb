import { createRetailNoteRpc, listRetailNotesRpc, retailHttpRoutes as http } from '@pawline/contracts';
import { orgaParam, rpcRoute, type ApiRoute } from '../http/route-definition';

// retail: the organization's notes; paths and bodies are declared in libs/contracts/src/http/retail.routes.ts.
// The gateway checks the access rule, the service checks it again.

export const retailRoutes: ApiRoute[] = [
  rpcRoute(http.listRetailNotes, {
    access: { orga: 'member' },
    rpc: listRetailNotesRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx) }),
  }),
  rpcRoute(http.createRetailNote, {
    access: { orga: 'orga_admin' },
    rpc: createRetailNoteRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), ...ctx.body }),
  }),
];
