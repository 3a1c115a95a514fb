import { listMailboxRpc, platformHttpRoutes } from '@pawline/contracts';
import { rpcRoute, type ApiRoute } from '../http/route-definition';

/**
 * Only while MAIL_TRANSPORT is sandbox: the mails identity "sent" to one address. They hold reset
 * and verification links, so only a request from this machine gets them (issue 11).
 */
export const devRoutes: ApiRoute[] = [
  rpcRoute(platformHttpRoutes.devMailbox, { access: 'public', localOnly: true, rpc: listMailboxRpc, input: (ctx) => ctx.query }),
];
