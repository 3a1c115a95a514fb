import { Module } from '@nestjs/common';
import { SERVICE_CONFIG } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { ApiKeyHandlers } from './api-key/api-key.handlers';
import { ApiKeyService } from './api-key/api-key.service';
import { AccountHandlers } from './auth/account.handlers';
import { AccountService } from './auth/account.service';
import { AuthHandlers } from './auth/auth.handlers';
import { EmailVerificationService } from './auth/email-verification.service';
import { LoginService } from './auth/login.service';
import { PasswordHasher } from './auth/password-hasher';
import { PasswordService } from './auth/password.service';
import { RegistrationService } from './auth/registration.service';
import { SessionService } from './auth/session.service';
import { SessionGuard } from './common/session-guard';
import type { IdentityConfig } from './identity.config';
import { MailDispatcher } from './mail/mail-dispatcher.service';
import { MAIL_SENDER, type MailSender } from './mail/mail-sender';
import { MailboxHandlers } from './mail/mailbox.handlers';
import { SandboxMailSender } from './mail/sandbox-mail-sender';
import { SmtpMailSender } from './mail/smtp-mail-sender';
import { OrgaAdminHandlers } from './orga/orga-admin.handlers';
import { OrgaAdminService } from './orga/orga-admin.service';
import { OrgaHandlers } from './orga/orga.handlers';
import { OrgaService } from './orga/orga.service';
import { SubscriptionMirrorHandlers } from './orga/subscription-mirror.handlers';
import { TeamHandlers } from './orga/team.handlers';
import { TeamService } from './orga/team.service';
import { UserHandlers } from './user/user.handlers';
import { UserService } from './user/user.service';

function mailSender(config: IdentityConfig, dataSource: DataSource): MailSender {
  if (config.MAIL_TRANSPORT === 'smtp' && config.SMTP_URL) return new SmtpMailSender(config.SMTP_URL, config.MAIL_FROM);
  return new SandboxMailSender(dataSource);
}

@Module({
  controllers: [
    AuthHandlers,
    AccountHandlers,
    OrgaAdminHandlers,
    TeamHandlers,
    UserHandlers,
    OrgaHandlers,
    MailboxHandlers,
    SubscriptionMirrorHandlers,
    ApiKeyHandlers,
  ],
  providers: [
    { provide: MAIL_SENDER, useFactory: mailSender, inject: [SERVICE_CONFIG, DataSource] },
    PasswordHasher,
    SessionGuard,
    SessionService,
    MailDispatcher,
    RegistrationService,
    EmailVerificationService,
    LoginService,
    PasswordService,
    UserService,
    OrgaService,
    AccountService,
    OrgaAdminService,
    TeamService,
    ApiKeyService,
  ],
})
export class IdentityModule {}
