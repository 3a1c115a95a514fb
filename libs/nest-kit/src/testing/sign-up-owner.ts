import { randomUUID } from 'node:crypto';
import { listMailboxRpc, loginRpc, registerUserRpc, verifyEmailRpc, type AuthContext } from '@pawline/contracts';
import { verifyAccessToken } from '../auth/access-token';
import type { NatsRpcClient } from '../rpc/nats-rpc.client';
import { call } from './rpc-calls';
import { until } from './until';

/** A salon's owner as the integration suites use it: the RPC caller and the bearer token. */
export type SignedUpOwner = {
  auth: AuthContext;
  token: string;
  userId: string;
  orgaId: string;
  orgaName: string;
  email: string;
  password: string;
};

/**
 * Registers a salon through identity (its owner is the organization's administrator), verifies the e-mail
 * from the sandbox mailbox and logs in; `secret` is the suite's AUTH_TOKEN_SECRET.
 */
export async function signUpOwner(
  client: NatsRpcClient,
  secret: string,
  firstName: string,
  country: 'IT' | 'DE' | 'FR' | 'GB' = 'IT',
): Promise<SignedUpOwner> {
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
      country,
      language: 'it',
      accept_terms: true,
      accept_privacy: true,
    },
    null,
  );
  // identity queues the mail and sends it a moment later: under load it is not in the mailbox yet
  const token = await until(async () => {
    const mails = await call(client, listMailboxRpc, { to: email }, null);
    return /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mails[0]?.text ?? '')?.[1];
  }).catch(() => {
    throw new Error(`no verification mail for ${email}`);
  });
  await call(client, verifyEmailRpc, { token }, null);
  const session = await call(client, loginRpc, { username: email, password }, null);
  const claims = await verifyAccessToken(secret, session.access_token);
  if (!claims) throw new Error('access token does not verify with the test secret');
  return {
    auth: { userId: claims.sub, sessionId: claims.sid, deviceId: null },
    token: session.access_token,
    userId: user_id,
    orgaId: orga_id,
    orgaName,
    email,
    password,
  };
}
