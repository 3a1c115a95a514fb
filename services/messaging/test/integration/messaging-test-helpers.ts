import { randomUUID } from 'node:crypto';
import { createMemberRpc, loginRpc, type AuthContext } from '@pawline/contracts';
import { verifyAccessToken, type NatsRpcClient } from '@pawline/nest-kit';
import { call, signUpOwner } from '@pawline/nest-kit/testing';

export const TEST_SECRET = 'messaging-integration-secret-0123456789abcdef';

/** A salon's owner: the RPC caller (auth) and the bearer token for the gateway's /api/v1 routes. */
export type Salon = { auth: AuthContext; token: string; userId: string; orgaId: string; orgaName: string };

/** Registers a salon through identity (its owner is the organization's administrator), verifies the e-mail and logs in. */
export async function signUp(client: NatsRpcClient, firstName: string, country: 'IT' | 'DE' | 'FR' | 'GB' = 'IT'): Promise<Salon> {
  return signUpOwner(client, TEST_SECRET, firstName, country);
}

/** A hired member's first sign-in: the RPC caller and the bearer token. */
async function session(username: string, password: string, client: NatsRpcClient): Promise<{ auth: AuthContext; token: string }> {
  const answer = await call(client, loginRpc, { username, password }, null);
  const claims = await verifyAccessToken(TEST_SECRET, answer.access_token);
  if (!claims) throw new Error('access token does not verify with the test secret');
  return { auth: { userId: claims.sub, sessionId: claims.sid, deviceId: null }, token: answer.access_token };
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
