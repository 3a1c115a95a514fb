import { randomUUID } from 'node:crypto';
import { listMailboxRpc, loginRpc, registerUserRpc, verifyEmailRpc, type AuthContext } from '@pawline/contracts';
import { verifyAccessToken, type NatsRpcClient } from '@pawline/nest-kit';
import { call } from '@pawline/nest-kit/testing';

export const TEST_SECRET = 'webhooks-integration-secret-0123456789abcdef';

/** A salon's owner: the RPC caller (auth) and the bearer token for the gateway's /api/v1 routes. */
export type Salon = { auth: AuthContext; token: string; userId: string; orgaId: string; orgaName: string };

/** Registers a salon through identity (its owner is the organization's administrator), verifies the e-mail and logs in. */
export async function signUp(client: NatsRpcClient, firstName: string): Promise<Salon> {
  const email = `${firstName.toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`;
  const password = 'a-long-password-1';
  const orgaName = `Salone ${firstName}`;
  const { user_id, orga_id } = await call(
    client,
    registerUserRpc,
    {
      email,
      password,
      first_name: firstName,
      last_name: 'Rossi',
      organization_name: orgaName,
      country: 'IT',
      language: 'it',
      accept_terms: true,
      accept_privacy: true,
    },
    null,
  );
  const mails = await call(client, listMailboxRpc, { to: email }, null);
  const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mails[0]?.text ?? '')?.[1];
  if (!token) throw new Error(`no verification mail for ${email}`);
  await call(client, verifyEmailRpc, { token }, null);
  const session = await call(client, loginRpc, { username: email, password }, null);
  const claims = await verifyAccessToken(TEST_SECRET, session.access_token);
  if (!claims) throw new Error('access token does not verify with the test secret');
  return {
    auth: { userId: claims.sub, sessionId: claims.sid, deviceId: null },
    token: session.access_token,
    userId: user_id,
    orgaId: orga_id,
    orgaName,
  };
}
