import { Inject, Injectable, Optional, type OnModuleInit } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { DataSource } from 'typeorm';
import { KIT_CONFIG, type KitConfig } from '../config/kit-config';
import { DeadLetterStore } from '../events/dead-letter.store';
import { deadLetterListRpc, healthRpc, type HealthReport } from '@pawline/contracts';
import { NATS_CONNECTION } from '../nats/nats.tokens';
import { RpcServer } from '../rpc/rpc.server';

const CHECK_TIMEOUT_MS = 2000;

/** The service's health (GET /health and rpc.<service>.health) and its dead-letter listing. */
@Injectable()
export class HealthService implements OnModuleInit {
  constructor(
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly deadLetters: DeadLetterStore,
    private readonly rpc: RpcServer,
    @Optional() @Inject(DataSource) private readonly dataSource: DataSource | null,
  ) {}

  onModuleInit(): void {
    this.rpc.addRoute({ contract: healthRpc(this.config.serviceName), name: 'HealthService.check', handle: () => this.check() });
    this.rpc.addRoute({
      contract: deadLetterListRpc(this.config.serviceName),
      name: 'HealthService.deadLetters',
      handle: async (data) => ({ items: await this.deadLetters.list(data as { durable?: string; limit: number }) }),
    });
  }

  async check(): Promise<HealthReport> {
    const [postgres, nats, deadLetters] = await Promise.all([
      this.dataSource ? withTimeout(this.dataSource.query('SELECT 1')).then(up, down) : Promise.resolve<'up'>('up'),
      this.nc.isClosed() ? Promise.resolve<'down'>('down') : withTimeout(this.nc.flush()).then(up, down),
      this.deadLetters.count().catch(() => 0),
    ]);
    return {
      status: postgres === 'up' && nats === 'up' ? 'up' : 'degraded',
      service: this.config.serviceName,
      checks: { postgres, nats },
      deadLetters,
    };
  }
}

const up = (): 'up' => 'up';
const down = (): 'down' => 'down';

function withTimeout<T>(work: Promise<T>): Promise<T> {
  return Promise.race([work, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS).unref())]);
}
