import type { z } from 'zod';
import { changePasswordRpc, getUserRpc, updateUserRpc } from '@pawline/contracts';
import { rpcRoute, type ApiRoute } from '../http/route-definition';

export const userRoutes: ApiRoute[] = [
  rpcRoute({
    method: 'get',
    path: '/api/v1/user',
    summary: 'Person data of the signed-in user (R7.01)',
    tag: 'user',
    access: 'user',
    rpc: getUserRpc,
    input: () => ({}),
  }),
  rpcRoute({
    method: 'put',
    path: '/api/v1/user',
    summary: "Update the signed-in user's names or language",
    tag: 'user',
    access: 'user',
    rpc: updateUserRpc,
    body: updateUserRpc.request,
    input: (ctx) => ctx.body as z.infer<typeof updateUserRpc.request>,
  }),
  rpcRoute({
    method: 'post',
    path: '/api/v1/user/password',
    summary: 'Change the password; every other session ends',
    tag: 'user',
    access: 'user',
    status: 204,
    rpc: changePasswordRpc,
    body: changePasswordRpc.request,
    input: (ctx) => ctx.body as z.infer<typeof changePasswordRpc.request>,
  }),
];
