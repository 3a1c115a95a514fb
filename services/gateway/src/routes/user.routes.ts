import { changePasswordRpc, getUserRpc, markWelcomeSeenRpc, updateUserRpc, userHttpRoutes as http } from '@pawline/contracts';
import { rpcRoute, type ApiRoute } from '../http/route-definition';

export const userRoutes: ApiRoute[] = [
  rpcRoute(http.getUser, { access: 'user', rpc: getUserRpc, input: () => ({}) }),
  rpcRoute(http.updateUser, { access: 'user', rpc: updateUserRpc, input: (ctx) => ctx.body }),
  rpcRoute(http.changePassword, { access: 'user', rpc: changePasswordRpc, input: (ctx) => ctx.body }),
  rpcRoute(http.markWelcomeSeen, { access: 'user', rpc: markWelcomeSeenRpc, input: () => ({}) }),
];
