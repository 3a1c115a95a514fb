import { listMailboxRpc, platformHttpRoutes } from '@pawline/contracts';
import { rpcRoute, type ApiRoute } from '../http/route-definition';

/** Only while MAIL_TRANSPORT is sandbox: the mails identity "sent". */
export const devRoutes: ApiRoute[] = [
  rpcRoute(platformHttpRoutes.devMailbox, { access: 'public', rpc: listMailboxRpc, input: (ctx) => ctx.query }),
];
