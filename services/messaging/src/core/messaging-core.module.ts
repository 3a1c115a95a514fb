import { Global, Module } from '@nestjs/common';
import { FILE_STORAGE, fileStorageFrom } from '@pawline/nest-kit';
import { REMINDER_COMPOSER, REMINDER_TIMINGS, TEMPLATE_COMPOSER } from '../ports';
import { WhatsappAccountHandlers } from '../account/whatsapp-account.handlers';
import { WhatsappAccountService } from '../account/whatsapp-account.service';
import { ProfileImageService } from '../profile/profile-image.service';
import { SandboxReviewJob } from '../profile/sandbox-review.job';
import { WhatsappProfileHandlers } from '../profile/whatsapp-profile.handlers';
import { WhatsappProfileService } from '../profile/whatsapp-profile.service';
import { QuotaRefreshJob } from '../quota/quota-refresh.job';
import { TemplateRegistryJob } from '../registry/template-registry.job';
import { TemplateRegistry } from '../registry/template-registry.service';
import { SandboxTemplateReview } from '../sandbox/sandbox-template-review';
import { QuotaHandlers } from '../quota/quota.handlers';
import { SenderHandlers } from '../sender/sender.handlers';
import { ReminderSettingsHandlers } from '../settings/reminder-settings.handlers';
import { ReminderSettingsService } from '../settings/reminder-settings.service';
import { SettingsReminderTimings } from '../settings/settings-reminder-timings';
import { MessageComposer } from '../template/message-composer';
import { REMINDER_COMPOSER_PROVIDERS } from '../template/reminder-composer';
import { TemplatePreviewService } from '../template/template-preview.service';
import { TemplateHandlers } from '../template/template.handlers';
import { TemplateService } from '../template/template.service';
import { MESSAGING_CORE_CONFIG, type MessagingCoreConfig } from './messaging-core.config';
import { MessagingSendPortsModule } from './messaging-send-ports.module';

/**
 * Templates, reminder settings, the quota's routes and job, senders' routes, the WhatsApp account (onboarding,
 * templates registered with Meta) and the WhatsApp profile.
 * Global: exports REMINDER_COMPOSER, TEMPLATE_COMPOSER and REMINDER_TIMINGS for the scheduler and the
 * inbox (SENDER_DIRECTORY and MESSAGE_QUOTA are MessagingSendPortsModule's, shared with the worker).
 */
@Global()
@Module({
  imports: [MessagingSendPortsModule],
  controllers: [
    TemplateHandlers,
    ReminderSettingsHandlers,
    QuotaHandlers,
    SenderHandlers,
    WhatsappProfileHandlers,
    WhatsappAccountHandlers,
  ],
  providers: [
    TemplateService,
    TemplatePreviewService,
    ReminderSettingsService,
    QuotaRefreshJob,
    {
      provide: FILE_STORAGE,
      useFactory: (config: MessagingCoreConfig) => fileStorageFrom(config.storage.kind, config.storage.dir, config.storage.s3),
      inject: [MESSAGING_CORE_CONFIG],
    },
    ProfileImageService,
    WhatsappProfileService,
    SandboxReviewJob,
    SandboxTemplateReview,
    TemplateRegistry,
    TemplateRegistryJob,
    WhatsappAccountService,
    ...REMINDER_COMPOSER_PROVIDERS,
    SettingsReminderTimings,
    { provide: REMINDER_TIMINGS, useExisting: SettingsReminderTimings },
  ],
  exports: [
    MessageComposer,
    TemplateService,
    ReminderSettingsService,
    TemplateRegistry,
    SandboxTemplateReview,
    REMINDER_COMPOSER,
    TEMPLATE_COMPOSER,
    REMINDER_TIMINGS,
    FILE_STORAGE,
  ],
})
export class MessagingCoreModule {}
