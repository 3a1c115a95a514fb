import { Global, Module } from '@nestjs/common';
import { SERVICE_CONFIG } from '@pawline/nest-kit';
import { WHATSAPP_PROVIDER } from '../ports';
import { WhatsAppCloudProvider } from '../provider/whatsapp-cloud.provider';
import type { WorkerConfig } from '../messaging-worker.service-definition';

/**
 * The ports messaging-worker sends through, in a deployment. WHATSAPP_PROVIDER here is the Cloud API
 * adapter; SENDER_DIRECTORY and MESSAGE_QUOTA (../sender, ../quota), SMS_PROVIDER and the sandbox
 * adapter (../provider) join this module from their own modules.
 */
@Global()
@Module({
  providers: [
    {
      provide: WHATSAPP_PROVIDER,
      useFactory: (config: WorkerConfig) =>
        new WhatsAppCloudProvider({ baseUrl: config.WHATSAPP_API_BASE_URL, timeoutMs: config.WHATSAPP_TIMEOUT_MS }),
      inject: [SERVICE_CONFIG],
    },
  ],
  exports: [WHATSAPP_PROVIDER],
})
export class WorkerPortsModule {}
