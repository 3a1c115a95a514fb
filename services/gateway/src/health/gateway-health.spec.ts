import type { RpcContract } from '@pawline/contracts';
import type { RpcCaller } from '../http/rpc-caller';
import { connectRedis } from '../gateway-redis';
import { GatewayHealthChecker } from './gateway-health';

function services(up: Record<string, 'up' | 'degraded'>): RpcCaller & { timeouts: number[] } {
  const timeouts: number[] = [];
  return {
    timeouts,
    async call<C extends RpcContract>(contract: C, _data: unknown, options: { timeoutMs?: number }): Promise<never> {
      timeouts.push(options.timeoutMs ?? -1);
      const name = contract.subject.split('.')[1] ?? '';
      const status = up[name];
      if (!status) throw Object.assign(new Error('service_unavailable'), { code: 'service_unavailable' });
      return { status, service: name, checks: { postgres: status === 'up' ? 'up' : 'down', nats: 'up' }, deadLetters: 0 } as never;
    },
  };
}

describe('gateway health', () => {
  it('asks every service with a 1 s timeout and reports each as up or down', async () => {
    const caller = services({ identity: 'up' });
    const checker = new GatewayHealthChecker(caller, ['identity', 'scheduling'], { nats: () => 'up', redis: async () => 'up' });
    expect(await checker.report()).toEqual({
      status: 'degraded',
      services: { identity: 'up', scheduling: 'down' },
      infra: { postgres: 'up', nats: 'up', redis: 'up' },
    });
    expect(caller.timeouts).toEqual([1_000, 1_000]);
  });

  it('is up when every service and the infrastructure are; Redis off is not a failure', async () => {
    const checker = new GatewayHealthChecker(services({ identity: 'up' }), ['identity'], { nats: () => 'up', redis: async () => 'off' });
    expect((await checker.report()).status).toBe('up');
  });

  it('reports Postgres down when no service can reach it', async () => {
    const checker = new GatewayHealthChecker(services({ identity: 'degraded' }), ['identity'], {
      nats: () => 'up',
      redis: async () => 'up',
    });
    expect(await checker.report()).toMatchObject({ status: 'degraded', services: { identity: 'down' }, infra: { postgres: 'down' } });
  });

  it('falls back to memory when Redis is off or does not answer', async () => {
    const errors: unknown[] = [];
    expect(await connectRedis(null, (e) => errors.push(e))).toBeNull();
    const started = Date.now();
    expect(await connectRedis('redis://127.0.0.1:1', (e) => errors.push(e))).toBeNull();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(errors.length).toBeGreaterThan(0);
  });
});
