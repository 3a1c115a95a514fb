import { type NatsRpcClient } from '@pawline/nest-kit';
import { signUpOwner, type SignedUpOwner, type TestEnv } from '@pawline/nest-kit/testing';

export const TEST_SECRET = 'retail-integration-secret-0123456789abcdef';

/** A salon's owner (its organization's administrator) with the store registration made. */
export type Salon = SignedUpOwner & { storeId: string };

export async function signUp(env: TestEnv, client: NatsRpcClient, firstName: string): Promise<Salon> {
  const owner = await signUpOwner(client, TEST_SECRET, firstName);
  const [store] = await env.query<{ id: string }>(`SELECT id FROM identity.store WHERE orga_id = $1`, [owner.orgaId]);
  if (!store) throw new Error('registration made no store');
  return { ...owner, storeId: store.id };
}

export type Reply = { status: number; body: Record<string, unknown> & { code?: string; message?: string } };

/** One call of the gateway's /api/v1 as the salon's browser makes it (Italian, like the salons of the tests). */
export function gatewayCaller(base: () => string) {
  return async (salon: Pick<Salon, 'token'> | null, method: string, path: string, body?: unknown, lang = 'it'): Promise<Reply> => {
    const response = await fetch(`${base()}/api/v1${path}`, {
      method,
      headers: {
        'accept-language': lang,
        ...(salon ? { authorization: `Bearer ${salon.token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Reply['body'] };
  };
}
