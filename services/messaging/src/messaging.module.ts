import { Module } from '@nestjs/common';
import { BookingMessageConsumer } from './booking/booking-message.consumer';
import { MessagingCoreModule } from './core/messaging-core.module';
import { DeliveryModule } from './delivery/delivery.module';
import { DirectoryModule } from './directory/directory.module';
import { InboxModule } from './inbox/inbox.module';
import { ProviderModule } from './provider/provider.module';
import { ReminderModule } from './reminder/reminder.module';
import { CampaignSendConsumer } from './outbound/campaign-send.consumer';
import { OrgaPurgeHandlers } from './purge/orga-purge.handlers';
import { SandboxAccountsService } from './sandbox/sandbox-accounts.service';
import { SandboxHandlers } from './sandbox/sandbox.handlers';
import { SandboxSimulation } from './sandbox/sandbox-simulation';
import { SandboxService } from './sandbox/sandbox.service';
import { ProviderEventsService } from './webhook/provider-events.service';
import { WhatsAppWebhookHandlers } from './webhook/whatsapp-webhook.handlers';
import { WhatsAppWebhookService } from './webhook/whatsapp-webhook.service';

/**
 * Health, NATS, the database, the outbox and access (AccessService and the guard of its decorators)
 * come from the kit. Handler classes are controllers: Nest binds their patterns only on those.
 */
@Module({
  imports: [
    MessagingCoreModule,
    DirectoryModule,
    ProviderModule,
    DeliveryModule,
    InboxModule,
    // the scheduler's ports (composer, timings, quota) come from the global core modules
    ReminderModule.withPorts([]),
  ],
  controllers: [OrgaPurgeHandlers, WhatsAppWebhookHandlers, SandboxHandlers, CampaignSendConsumer, BookingMessageConsumer],
  providers: [ProviderEventsService, WhatsAppWebhookService, SandboxService, SandboxAccountsService, SandboxSimulation],
})
export class MessagingModule {}
