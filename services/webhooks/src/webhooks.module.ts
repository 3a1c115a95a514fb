import { Module } from '@nestjs/common';
import { SERVICE_CONFIG } from '@pawline/nest-kit';
import { DeliveryLogService } from './delivery/delivery-log.service';
import { DeliveryWorker } from './delivery/delivery.worker';
import { EndpointDisabledNotifier } from './endpoint/endpoint-disabled.notifier';
import { EndpointHandlers } from './endpoint/endpoint.handlers';
import { EndpointService } from './endpoint/endpoint.service';
import { EventIntakeHandlers } from './events/event-intake.handlers';
import { OrgaPurgeHandlers } from './purge/orga-purge.handlers';
import type { WebhooksEnv } from './webhooks.config';
import { WEBHOOKS_SETTINGS, webhooksSettingsOf } from './webhooks.settings';

/**
 * Health, NATS, the database, the outbox and access (AccessService and the guard of its decorators)
 * come from the kit. Handler classes are controllers: Nest binds their patterns only on those.
 */
@Module({
  controllers: [EndpointHandlers, EventIntakeHandlers, EndpointDisabledNotifier, OrgaPurgeHandlers],
  providers: [
    { provide: WEBHOOKS_SETTINGS, useFactory: (env: WebhooksEnv) => webhooksSettingsOf(env), inject: [SERVICE_CONFIG] },
    DeliveryWorker,
    EndpointService,
    DeliveryLogService,
  ],
})
export class WebhooksModule {}
