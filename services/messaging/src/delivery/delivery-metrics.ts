import { Controller, Get, Injectable } from '@nestjs/common';
import { DeadLetterStore } from '@pawline/nest-kit';

/** What one worker process has done since it started (GET /metrics on its health port). */
@Injectable()
export class DeliveryMetrics {
  /** sends the provider accepted and we recorded */
  accepted = 0;
  /** failed for good: rejected, undeliverable (SMS instead), no sender */
  failed = 0;
  /** given up after passing failures (dead letters) */
  undelivered = 0;
  retried = 0;
  /** put back because the sender or the recipient was at its pace */
  paced = 0;
  /** the provider said too fast (130429, 131056) */
  throttled = 0;
  /** jobs of messages already sent or ended (duplicate jobs, redeliveries after the record) */
  skipped = 0;
  deadLettered = 0;
  errors = 0;
  inFlight: () => number = () => 0;
}

@Controller('metrics')
export class DeliveryMetricsController {
  constructor(
    private readonly metrics: DeliveryMetrics,
    private readonly deadLetters: DeadLetterStore,
  ) {}

  @Get()
  async get(): Promise<Record<string, number>> {
    const { inFlight, ...counters } = this.metrics;
    const cpu = process.cpuUsage();
    return {
      ...counters,
      inFlight: inFlight(),
      deadLettersStored: await this.deadLetters.count().catch(() => -1),
      cpuUserMicros: cpu.user,
      cpuSystemMicros: cpu.system,
      uptimeMs: Math.round(process.uptime() * 1000),
    };
  }
}
