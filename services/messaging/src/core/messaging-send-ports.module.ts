import { Global, Module } from '@nestjs/common';
import { MESSAGE_QUOTA, SENDER_DIRECTORY } from '../ports';
import { MessageQuotaService } from '../quota/message-quota.service';
import { OrgaQuotaService } from '../quota/orga-quota.service';
import { SenderService } from '../sender/sender.service';
import { MESSAGING_CORE_CONFIG, loadMessagingCoreConfig } from './messaging-core.config';

/**
 * The ports both messaging processes send through: SENDER_DIRECTORY (each organization's own number)
 * and MESSAGE_QUOTA (msg_left). Global, so the service's modules and messaging-worker inject them alike.
 */
@Global()
@Module({
  providers: [
    { provide: MESSAGING_CORE_CONFIG, useFactory: () => loadMessagingCoreConfig() },
    SenderService,
    MessageQuotaService,
    OrgaQuotaService,
    { provide: SENDER_DIRECTORY, useExisting: SenderService },
    { provide: MESSAGE_QUOTA, useExisting: MessageQuotaService },
  ],
  exports: [MESSAGING_CORE_CONFIG, SenderService, MessageQuotaService, OrgaQuotaService, SENDER_DIRECTORY, MESSAGE_QUOTA],
})
export class MessagingSendPortsModule {}
