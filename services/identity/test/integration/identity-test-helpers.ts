import type { AuthContext, EventEnvelope, RpcContract, RpcRequest, RpcResponse } from '@pawline/contracts';
import { RpcError, verifyAccessToken, type NatsRpcClient } from '@pawline/nest-kit';
import { until, type TestEnv } from '@pawline/nest-kit/testing';

export const TEST_SECRET = 'identity-integration-secret-0123456789abcdef';

/** The error code an RPC failed with (the test fails when it succeeded). */
export async function failureOf<C extends RpcContract>(
  client: NatsRpcClient,
  contract: C,
  data: RpcRequest<C>,
  auth: AuthContext | null = null,
): Promise<RpcError> {
  try {
    await client.call(contract, data, { auth, lang: 'en' });
  } catch (error) {
    if (error instanceof RpcError) return error;
    throw error;
  }
  throw new Error(`${contract.subject} succeeded but should have failed`);
}

export function call<C extends RpcContract>(
  client: NatsRpcClient,
  contract: C,
  data: RpcRequest<C>,
  auth: AuthContext | null = null,
): Promise<RpcResponse<C>> {
  return client.call(contract, data, { auth, lang: 'en' });
}

/** The auth context the gateway would build from this access token. */
export async function authOf(accessToken: string, deviceId: string | null = null): Promise<AuthContext> {
  const claims = await verifyAccessToken(TEST_SECRET, accessToken);
  if (!claims) throw new Error('access token does not verify with the test secret');
  return { userId: claims.sub, sessionId: claims.sid, deviceId };
}

/** Collects every identity event published on this env's prefix. */
export function collectEvents(env: TestEnv): { events: EventEnvelope[]; stop(): void } {
  const events: EventEnvelope[] = [];
  const sub = env.nats().subscribe(`${env.subjectPrefix}evt.identity.>`);
  void (async () => {
    for await (const msg of sub) events.push(JSON.parse(msg.string()) as EventEnvelope);
  })();
  return { events, stop: () => sub.unsubscribe() };
}

/** The first answer of `probe` other than undefined (null, 0 and false count), asked every 50 ms through the kit's until. */
export async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 5_000): Promise<T> {
  const found = await until(
    async () => {
      const value = await probe();
      return value === undefined ? undefined : { value };
    },
    { timeoutMs, intervalMs: 50 },
  );
  return found.value;
}
