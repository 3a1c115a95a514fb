import { Module, type DynamicModule, type ModuleMetadata } from '@nestjs/common';
import { KIT_CONFIG, PawlineLogger, SERVICE_CONFIG, type KitConfig } from '@pawline/nest-kit';
import { Redis } from 'ioredis';
import type { DeliveryConfig } from './delivery.config';
import { DeliveryMetrics, DeliveryMetricsController } from './delivery-metrics';
import { SEND_PACER, SendJobRunner } from './send-job.runner';
import { DEFAULT_HEADROOM, LocalSendPacer, RedisSendPacer, type SendPacer } from './send-pacer';

function pacerFor(kit: KitConfig, config: DeliveryConfig, logger: PawlineLogger): SendPacer {
  const settings = { pairIntervalMs: config.MESSAGING_PAIR_INTERVAL_MS, headroom: DEFAULT_HEADROOM };
  if (!kit.redisUrl) {
    logger.warn('REDIS_URL=off: senders are paced within this worker process only');
    return new LocalSendPacer(settings);
  }
  // one round trip per turn for every job of the turn
  const redis = new Redis(kit.redisUrl, { enableAutoPipelining: true, maxRetriesPerRequest: 2, lazyConnect: false });
  redis.on('error', (error) => logger.warn('Redis (pacing) unavailable', { err: String(error) }));
  return new RedisSendPacer(redis, `pawline:${kit.subjectPrefix}msg:`, settings);
}

/**
 * messaging-worker (docs/architecture.md, "Message kinds"): takes send jobs from WORK and sends them. `ports` brings the
 * implementations of SENDER_DIRECTORY, WHATSAPP_PROVIDER, SMS_PROVIDER (optional) and MESSAGE_QUOTA.
 */
@Module({})
export class MessagingWorkerModule {
  static withPorts(ports: NonNullable<ModuleMetadata['imports']>): DynamicModule {
    return {
      module: MessagingWorkerModule,
      imports: ports,
      controllers: [DeliveryMetricsController],
      providers: [
        DeliveryMetrics,
        SendJobRunner,
        { provide: SEND_PACER, useFactory: pacerFor, inject: [KIT_CONFIG, SERVICE_CONFIG, PawlineLogger] },
      ],
      exports: [DeliveryMetrics],
    };
  }
}
