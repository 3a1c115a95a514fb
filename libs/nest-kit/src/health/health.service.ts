import { Inject, Injectable, Optional } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import type { DataSource } from 'typeorm';
import { KIT_CONFIG, type KitConfig } from '../config/kit-config';
import { KIT_DATA_SOURCE } from '../database/kit-data-source.token';
import { DeadLetterStore } from '../events/dead-letter.store';
import type { HealthReport } from '@pawline/contracts';
import { NATS_CONNECTION } from '../nats/nats.tokens';

const CHECK_TIMEOUT_MS = 2000;

/** The service's health (GET /health and rpc.<service>.health) and its dead-letter listing. */
@Injectable()
export class HealthService {
  constructor(
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly deadLetters: DeadLetterStore,
    @Optional() @Inject(KIT_DATA_SOURCE) private readonly dataSource: DataSource | null,
  ) {}

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
