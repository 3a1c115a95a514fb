import type { z } from 'zod';
import type { AuthContext, RpcContract, RpcRequest, RpcResponse } from '@pawline/contracts';
import type { NatsRpcClient } from '../rpc/nats-rpc.client';
import { RpcError } from '../rpc/rpc-error';

/** What a caller may send: the request schema's input (defaults may be left out; the service applies them). */
export type RpcInput<C extends RpcContract> = z.input<C['request']>;

/** Calls a service as `auth` (null: anonymous), in English. */
export function call<C extends RpcContract>(
  client: NatsRpcClient,
  contract: C,
  data: RpcInput<C>,
  auth: AuthContext | null,
): Promise<RpcResponse<C>> {
  return client.call(contract, data as RpcRequest<C>, { auth, lang: 'en' });
}

/** The typed error of a call that must fail; a call that succeeds fails the test. */
export async function failureOf<C extends RpcContract>(
  client: NatsRpcClient,
  contract: C,
  data: RpcInput<C>,
  auth: AuthContext | null,
): Promise<RpcError> {
  try {
    await call(client, contract, data, auth);
  } catch (error) {
    if (error instanceof RpcError) return error;
    throw error;
  }
  throw new Error(`${contract.subject} succeeded but should have failed`);
}
