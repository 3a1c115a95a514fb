import { z } from 'zod';
import { defineRoute } from '../core/http-route';
import {
  autologinRpc,
  loginRpc,
  registerUserRpc,
  requestPasswordResetRpc,
  resendVerificationRpc,
  resetPasswordRpc,
  undoEmailChangeRpc,
  verifyEmailCodeRpc,
  verifyEmailRpc,
} from '../identity';

/** What sign-in answers: the access token only; the refresh token stays in the gateway's httpOnly cookie. */
export const accessTokenSchema = z.object({ access_token: z.string(), expires_at: z.string() });
export type AccessToken = z.infer<typeof accessTokenSchema>;

// the device comes from the X-Device-Id header, never from the body
const loginBody = loginRpc.request.omit({ device_id: true });
const autologinBody = autologinRpc.request.omit({ device_id: true });
const verifyEmailBody = verifyEmailRpc.request.omit({ device_id: true });
const verifyEmailCodeBody = verifyEmailCodeRpc.request.omit({ device_id: true });

/** Issue 29: confirming the registration address signs in; the access token is null when it does not (a changed address). */
export const emailVerifiedSchema = z.object({
  verified: z.literal(true),
  access_token: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type EmailVerified = z.infer<typeof emailVerifiedSchema>;

/** Sign-up, sign-in and sessions (the refresh cookie lives on /api/v1/auth only). */
export const authHttpRoutes = {
  register: defineRoute({
    method: 'post',
    path: '/api/v1/auth/register',
    summary: 'Register a user with a new organization and its first store; sends the e-mail validation mail',
    tag: 'auth',
    status: 201,
    body: registerUserRpc.request,
    response: registerUserRpc.response,
  }),
  verifyEmail: defineRoute({
    method: 'post',
    path: '/api/v1/auth/verify-email',
    summary: 'Confirm an e-mail address with the token of the validation mail; a registration address signs in (refresh cookie)',
    tag: 'auth',
    body: verifyEmailBody,
    response: emailVerifiedSchema,
  }),
  login: defineRoute({
    method: 'post',
    path: '/api/v1/auth/login',
    summary: 'Sign in; answers the access token and sets the refresh cookie',
    tag: 'auth',
    body: loginBody,
    response: accessTokenSchema,
  }),
  refresh: defineRoute({
    method: 'post',
    path: '/api/v1/auth/refresh',
    summary: 'Rotate the refresh cookie and get a new access token; a replayed token ends the whole session',
    tag: 'auth',
    response: accessTokenSchema,
  }),
  logout: defineRoute({
    method: 'post',
    path: '/api/v1/auth/logout',
    summary: 'End the session of the refresh cookie',
    tag: 'auth',
    status: 204,
  }),
  logoutAll: defineRoute({
    method: 'post',
    path: '/api/v1/auth/logout-all',
    summary: 'End every session of the signed-in user (R1.14)',
    tag: 'auth',
    status: 204,
  }),
  requestPasswordReset: defineRoute({
    method: 'post',
    path: '/api/v1/auth/password-reset',
    summary: 'Mail a password reset link; answers the same whether or not the address exists (R1.13)',
    tag: 'auth',
    body: requestPasswordResetRpc.request,
    response: requestPasswordResetRpc.response,
  }),
  confirmPasswordReset: defineRoute({
    method: 'post',
    path: '/api/v1/auth/password-reset/confirm',
    summary: 'Set a new password with the single-use token of the reset mail; every session ends (R1.13)',
    tag: 'auth',
    body: resetPasswordRpc.request,
    response: resetPasswordRpc.response,
  }),
  undoEmailChange: defineRoute({
    method: 'post',
    path: '/api/v1/auth/email-change/undo',
    summary: 'Undo a change of e-mail address with the token mailed to the old address; every session ends',
    tag: 'auth',
    body: undoEmailChangeRpc.request,
    response: undoEmailChangeRpc.response,
  }),
  autologin: defineRoute({
    method: 'post',
    path: '/api/v1/auth/autologin',
    summary: 'Sign in with the decoded u and p of an auto-login link (R2.04); sets the refresh cookie like login',
    tag: 'auth',
    body: autologinBody,
    response: accessTokenSchema,
  }),
  verifyEmailCode: defineRoute({
    method: 'post',
    path: '/api/v1/auth/verify-email/code',
    summary: 'Confirm the registration address with the 6-digit code of the validation mail (15 minutes, 5 tries); signs in',
    tag: 'auth',
    body: verifyEmailCodeBody,
    response: emailVerifiedSchema,
  }),
  resendVerification: defineRoute({
    method: 'post',
    path: '/api/v1/auth/verify-email/resend',
    summary: 'Send the validation mail again (new link and code) to an unconfirmed account; answers the same for any name',
    tag: 'auth',
    body: resendVerificationRpc.request,
    response: resendVerificationRpc.response,
  }),
} as const;
