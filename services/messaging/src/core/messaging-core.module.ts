import { Module } from '@nestjs/common';
import { MESSAGE_QUOTA, SENDER_DIRECTORY } from '../ports';
import { MessageQuotaService } from '../quota/message-quota.service';
import { QuotaRefreshJob } from '../quota/quota-refresh.job';
import { QuotaHandlers } from '../quota/quota.handlers';
import { SenderHandlers } from '../sender/sender.handlers';
import { SenderService } from '../sender/sender.service';
import { ReminderSettingsHandlers } from '../settings/reminder-settings.handlers';
import { ReminderSettingsService } from '../settings/reminder-settings.service';
import { TemplatePreviewService } from '../template/template-preview.service';
import { TemplateHandlers } from '../template/template.handlers';
import { TemplateService } from '../template/template.service';
import { MESSAGING_CORE_CONFIG, loadMessagingCoreConfig } from './messaging-core.config';

/**
 * Templates, reminder settings, the quota, senders and the WhatsApp profile. Exports the ports the
 * pipeline and the inbox inject: SENDER_DIRECTORY, MESSAGE_QUOTA (and REMINDER_COMPOSER).
 */
@Module({
  controllers: [TemplateHandlers, ReminderSettingsHandlers, QuotaHandlers, SenderHandlers],
  providers: [
    { provide: MESSAGING_CORE_CONFIG, useFactory: () => loadMessagingCoreConfig() },
    TemplateService,
    TemplatePreviewService,
    ReminderSettingsService,
    MessageQuotaService,
    QuotaRefreshJob,
    SenderService,
    { provide: SENDER_DIRECTORY, useExisting: SenderService },
    { provide: MESSAGE_QUOTA, useExisting: MessageQuotaService },
  ],
  exports: [
    SENDER_DIRECTORY,
    MESSAGE_QUOTA,
    TemplateService,
    ReminderSettingsService,
    MessageQuotaService,
    SenderService,
    MESSAGING_CORE_CONFIG,
  ],
})
export class MessagingCoreModule {}
