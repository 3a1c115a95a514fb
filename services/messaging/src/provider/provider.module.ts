import { Global, Module } from '@nestjs/common';
import { SERVICE_CONFIG } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import type { MessagingConfig } from '../messaging.config';
import { SMS_PROVIDER, WHATSAPP_BUSINESS, WHATSAPP_PROVIDER, type MessageProvider, type WhatsAppBusinessApi } from '../ports';
import { SandboxBusiness } from './sandbox-business';
import { SandboxProvider } from './sandbox.provider';
import { SmsApiProvider } from './sms.provider';
import { WhatsAppCloudBusiness } from './whatsapp-cloud-business';
import { WhatsAppCloudProvider } from './whatsapp-cloud.provider';

export function whatsAppProvider(config: MessagingConfig, db: DataSource): MessageProvider {
  if (config.MESSAGING_PROVIDER === 'whatsapp_cloud') {
    return new WhatsAppCloudProvider({ baseUrl: config.WHATSAPP_API_BASE_URL, timeoutMs: config.WHATSAPP_TIMEOUT_MS });
  }
  return new SandboxProvider(db, 'whatsapp');
}

/** Onboarding and templates: Meta's Graph API with the app's id and secret, or the sandbox's platform in Postgres. */
export function whatsAppBusiness(config: MessagingConfig, db: DataSource): WhatsAppBusinessApi {
  if (config.MESSAGING_PROVIDER === 'whatsapp_cloud') {
    return new WhatsAppCloudBusiness({
      baseUrl: config.WHATSAPP_API_BASE_URL,
      timeoutMs: config.WHATSAPP_TIMEOUT_MS,
      appId: config.WHATSAPP_APP_ID ?? '',
      appSecret: config.WHATSAPP_APP_SECRET ?? '',
    });
  }
  return new SandboxBusiness(db);
}

export function smsProvider(config: MessagingConfig, db: DataSource): MessageProvider {
  if (config.SMS_PROVIDER === 'twilio') {
    return new SmsApiProvider({
      baseUrl: config.SMS_API_BASE_URL,
      accountSid: config.SMS_ACCOUNT_SID ?? '',
      authToken: config.SMS_AUTH_TOKEN ?? '',
      from: config.SMS_FROM ?? '',
      timeoutMs: config.WHATSAPP_TIMEOUT_MS,
    });
  }
  return new SandboxProvider(db, 'sms');
}

/**
 * The WhatsApp and SMS providers chosen by configuration (the sandbox by default on one machine), for
 * the messaging service and the messaging worker: inject WHATSAPP_PROVIDER, SMS_PROVIDER and WHATSAPP_BUSINESS.
 */
@Global()
@Module({
  providers: [
    { provide: WHATSAPP_PROVIDER, useFactory: whatsAppProvider, inject: [SERVICE_CONFIG, DataSource] },
    { provide: SMS_PROVIDER, useFactory: smsProvider, inject: [SERVICE_CONFIG, DataSource] },
    { provide: WHATSAPP_BUSINESS, useFactory: whatsAppBusiness, inject: [SERVICE_CONFIG, DataSource] },
  ],
  exports: [WHATSAPP_PROVIDER, SMS_PROVIDER, WHATSAPP_BUSINESS],
})
export class ProviderModule {}
