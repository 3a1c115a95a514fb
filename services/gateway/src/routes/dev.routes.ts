import type { z } from 'zod';
import { listMailboxRpc } from '@pawline/contracts';
import { rpcRoute, type ApiRoute } from '../http/route-definition';

/** Only while MAIL_TRANSPORT is sandbox: the mails identity "sent". */
export const devRoutes: ApiRoute[] = [
  rpcRoute({
    method: 'get',
    path: '/api/v1/dev/mailbox',
    summary: 'Sandbox mailbox, newest first (development and tests only)',
    tag: 'dev',
    access: 'public',
    rpc: listMailboxRpc,
    query: listMailboxRpc.request,
    input: (ctx) => ctx.query as z.infer<typeof listMailboxRpc.request>,
  }),
];
