import { Module } from '@nestjs/common';
import { FILE_STORAGE, fileStorageFrom } from '@pawline/nest-kit';
import { MESSAGE_QUOTA, SENDER_DIRECTORY } from '../ports';
import { ProfileImageService } from '../profile/profile-image.service';
import { SandboxReviewJob } from '../profile/sandbox-review.job';
import { WhatsappProfileHandlers } from '../profile/whatsapp-profile.handlers';
import { WhatsappProfileService } from '../profile/whatsapp-profile.service';
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
import { MESSAGING_CORE_CONFIG, loadMessagingCoreConfig, type MessagingCoreConfig } from './messaging-core.config';

/**
 * Templates, reminder settings, the quota, senders and the WhatsApp profile. Exports the ports the
 * pipeline and the inbox inject: SENDER_DIRECTORY, MESSAGE_QUOTA (REMINDER_COMPOSER with the directory).
 */
@Module({
  controllers: [TemplateHandlers, ReminderSettingsHandlers, QuotaHandlers, SenderHandlers, WhatsappProfileHandlers],
  providers: [
    { provide: MESSAGING_CORE_CONFIG, useFactory: () => loadMessagingCoreConfig() },
    TemplateService,
    TemplatePreviewService,
    ReminderSettingsService,
    MessageQuotaService,
    QuotaRefreshJob,
    SenderService,
    {
      provide: FILE_STORAGE,
      useFactory: (config: MessagingCoreConfig) => fileStorageFrom(config.storage.kind, config.storage.dir, config.storage.s3),
      inject: [MESSAGING_CORE_CONFIG],
    },
    ProfileImageService,
    WhatsappProfileService,
    SandboxReviewJob,
    { provide: SENDER_DIRECTORY, useExisting: SenderService },
    { provide: MESSAGE_QUOTA, useExisting: MessageQuotaService },
    // REMINDER_COMPOSER (template/reminder-composer.ts REMINDER_COMPOSER_PROVIDER) joins here once DIRECTORY (../directory) is provided
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
