import { randomUUID } from 'node:crypto';
import { createMemberRpc, listMailboxRpc, loginRpc, registerUserRpc, verifyEmailRpc, type AuthContext } from '@pawline/contracts';
import { verifyAccessToken, type NatsRpcClient } from '@pawline/nest-kit';
import { call } from '@pawline/nest-kit/testing';

export const TEST_SECRET = 'messaging-integration-secret-0123456789abcdef';

/** A salon's owner: the RPC caller (auth) and the bearer token for the gateway's /api/v1 routes. */
export type Salon = { auth: AuthContext; token: string; userId: string; orgaId: string; orgaName: string };

async function session(username: string, password: string, client: NatsRpcClient): Promise<{ auth: AuthContext; token: string }> {
  const answer = await call(client, loginRpc, { username, password }, null);
  const claims = await verifyAccessToken(TEST_SECRET, answer.access_token);
  if (!claims) throw new Error('access token does not verify with the test secret');
  return { auth: { userId: claims.sub, sessionId: claims.sid, deviceId: null }, token: answer.access_token };
}

/** Registers a salon through identity (its owner is the organization's administrator), verifies the e-mail and logs in. */
export async function signUp(client: NatsRpcClient, firstName: string, country: 'IT' | 'DE' | 'FR' | 'GB' = 'IT'): Promise<Salon> {
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
  const mails = await call(client, listMailboxRpc, { to: email }, null);
  const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mails[0]?.text ?? '')?.[1];
  if (!token) throw new Error(`no verification mail for ${email}`);
  await call(client, verifyEmailRpc, { token }, null);
  return { ...(await session(email, password, client)), userId: user_id, orgaId: orga_id, orgaName };
}

/** A worker (rank 3) of the salon, logged in with the generated first password. */
export async function hireWorker(client: NatsRpcClient, salon: Salon, firstName: string): Promise<Salon> {
  const hired = await call(
    client,
    createMemberRpc,
    {
      orga_id: salon.orgaId,
      first_name: firstName,
      last_name: 'Neri',
      email: `${firstName.toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`,
      orga_rank: 3,
    },
    salon.auth,
  );
  return {
    ...(await session(hired.username, hired.first_password, client)),
    userId: hired.user_id,
    orgaId: salon.orgaId,
    orgaName: salon.orgaName,
  };
}
