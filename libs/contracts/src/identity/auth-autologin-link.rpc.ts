import { z } from 'zod';
import { defineRpc } from '../core';

/**
 * GET /api/v1/user/autologin-link (R1.15, R2.04): `${PUBLIC_URL}/autologin?u=<username>&p=<token>`,
 * both encoded; the token is single-use and short-lived, never the password. The QR image is
 * drawn by the frontend from this link.
 */
export const autologinLinkRpc = defineRpc(
  'rpc.identity.auth.autologin-link',
  z.strictObject({}),
  z.object({ url: z.string(), expires_at: z.string() }),
);
