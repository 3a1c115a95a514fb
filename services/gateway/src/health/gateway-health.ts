import { z } from 'zod';
import { defineRpc, type GatewayHealth } from '@pawline/contracts';
import type { RpcCaller } from '../http/rpc-caller';

const state = z.enum(['up', 'down']);

// The kit's rpc.<service>.health contract (libs/contracts/src/kit) is not exported from either
// package index yet; this is its shape.
const healthReportSchema = z.object({
  status: z.enum(['up', 'degraded']),
  service: z.string(),
  checks: z.object({ postgres: state, nats: state }),
  deadLetters: z.number().int().nonnegative(),
});
type HealthReport = z.infer<typeof healthReportSchema>;

function healthRpc(service: string) {
  return defineRpc(`rpc.${service}.health`, z.object({}).passthrough(), healthReportSchema);
}

// the answer's schema is declared with the route in libs/contracts (GET /api/v1/health)
export { gatewayHealthSchema, type GatewayHealth } from '@pawline/contracts';

export type InfraProbes = {
  /** whether the gateway's own NATS connection is open */
  nats(): 'up' | 'down';
  /** 'off' when the gateway runs without Redis */
  redis(): Promise<'up' | 'down' | 'off'>;
};

/** GET /api/v1/health: every service's rpc.<name>.health in parallel, 1 s each. */
export class GatewayHealthChecker {
  static readonly TIMEOUT_MS = 1_000;

  constructor(
    private readonly rpc: RpcCaller,
    private readonly services: readonly string[],
    private readonly probes: InfraProbes,
  ) {}

  async report(): Promise<GatewayHealth> {
    const [reports, redis] = await Promise.all([Promise.all(this.services.map((name) => this.ask(name))), this.probes.redis()]);
    const services: Record<string, 'up' | 'down'> = {};
    this.services.forEach((name, index) => {
      services[name] = reports[index]?.status === 'up' ? 'up' : 'down';
    });
    const answered = reports.filter((report): report is HealthReport => report !== null);
    const infra = {
      // the gateway has no database: Postgres is up when a service that answered says so
      postgres: answered.some((report) => report.checks.postgres === 'up') ? ('up' as const) : ('down' as const),
      nats: answered.length > 0 ? ('up' as const) : this.probes.nats(),
      redis,
    };
    const healthy = Object.values(services).every((s) => s === 'up') && infra.postgres === 'up' && infra.nats === 'up' && redis !== 'down';
    return { status: healthy ? 'up' : 'degraded', services, infra };
  }

  private async ask(name: string): Promise<HealthReport | null> {
    try {
      return await this.rpc.call(healthRpc(name), {}, { auth: null, lang: 'en', timeoutMs: GatewayHealthChecker.TIMEOUT_MS });
    } catch {
      return null;
    }
  }
}
