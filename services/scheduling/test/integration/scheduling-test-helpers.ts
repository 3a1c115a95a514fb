import { randomUUID } from 'node:crypto';
import { listMailboxRpc, loginRpc, registerUserRpc, verifyEmailRpc, type AuthContext } from '@pawline/contracts';
import { verifyAccessToken, type NatsRpcClient } from '@pawline/nest-kit';
import { call, failureOf, type RpcInput, type TestEnv } from '@pawline/nest-kit/testing';

export const TEST_SECRET = 'scheduling-integration-secret-0123456789ab';

export type Salon = {
  auth: AuthContext;
  userId: string;
  orgaId: string;
  storeId: string;
  email: string;
  password: string;
  orgaName: string;
};

export { call, failureOf, type RpcInput };

/** Registers a salon through identity (Italy: its store is in Europe/Rome), verifies the e-mail and logs in. */
export async function signUp(env: TestEnv, client: NatsRpcClient, firstName: string): Promise<Salon> {
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
  const [store] = await env.query<{ id: string }>(`SELECT id FROM identity.store WHERE orga_id = $1`, [orga_id]);
  if (!store) throw new Error('registration made no store');
  return {
    auth: { userId: claims.sub, sessionId: claims.sid, deviceId: null },
    userId: user_id,
    orgaId: orga_id,
    storeId: store.id,
    email,
    password,
    orgaName,
  };
}
