import {
  autologinLinkRpc,
  changeEmailRpc,
  changePasswordRpc,
  getUserRpc,
  markWelcomeSeenRpc,
  rateAppRpc,
  updateUserRpc,
} from '../identity';
import { defineRoute } from '../core/http-route';

/** The signed-in user's own person data and account (R1.14, R1.15, R7.01, R7.02). */
export const userHttpRoutes = {
  getUser: defineRoute({
    method: 'get',
    path: '/api/v1/user',
    summary: 'Person data of the signed-in user (R7.01)',
    tag: 'user',
    response: getUserRpc.response,
  }),
  updateUser: defineRoute({
    method: 'put',
    path: '/api/v1/user',
    summary: "Update the signed-in user's names or language",
    tag: 'user',
    body: updateUserRpc.request,
    response: updateUserRpc.response,
  }),
  changePassword: defineRoute({
    method: 'post',
    path: '/api/v1/user/password',
    summary: 'Change the password; every other session ends',
    tag: 'user',
    status: 204,
    body: changePasswordRpc.request,
  }),
  getAutologinLink: defineRoute({
    method: 'get',
    path: '/api/v1/user/autologin-link',
    summary: 'The /autologin?u=&p= link of the QR code: one-time token, 10 minutes, never the password (R1.15)',
    tag: 'user',
    response: autologinLinkRpc.response,
  }),
  changeEmail: defineRoute({
    method: 'post',
    path: '/api/v1/user/email',
    summary: 'Change the e-mail address: the new one is mailed a link and takes effect once verified (R1.14)',
    tag: 'user',
    body: changeEmailRpc.request,
    response: changeEmailRpc.response,
  }),
  rate: defineRoute({
    method: 'put',
    path: '/api/v1/user/rating',
    summary: 'Rating prompt answer: 1–5 stars, or -1 for No Thanks; moves last_rating_time (R7.02, R4.07)',
    tag: 'user',
    body: rateAppRpc.request,
    response: rateAppRpc.response,
  }),
  markWelcomeSeen: defineRoute({
    method: 'post',
    path: '/api/v1/user/welcome-seen',
    summary: 'The welcome card was closed: it does not show again for this person, on any device (issue 29)',
    tag: 'user',
    response: markWelcomeSeenRpc.response,
  }),
} as const;
