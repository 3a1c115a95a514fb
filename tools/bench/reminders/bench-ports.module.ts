import { Global, Module } from '@nestjs/common';
import {
  MESSAGE_QUOTA,
  SENDER_DIRECTORY,
  WHATSAPP_PROVIDER,
  type MessageQuota,
  type SenderDirectory,
} from '../../../services/messaging/src/ports';
import { WhatsAppCloudProvider } from '../../../services/messaging/src/provider/whatsapp-cloud.provider';

/** The bench's sender of an organization: its phone number id and the token the fake derives from it (`token-<id>`). */
export function benchPhoneNumberId(orgaId: string): string {
  return `1${orgaId.replace(/-/g, '').slice(0, 14)}`;
}

const senders: SenderDirectory = {
  async senderFor(orgaId) {
    const phoneNumberId = benchPhoneNumberId(orgaId);
    return { orgaId, phoneNumberId, accessToken: `token-${phoneNumberId}`, capPerSecond: Number(process.env['BENCH_SENDER_CAP'] ?? 80) };
  },
  async orgaOfPhoneNumberId() {
    return null;
  },
};

/** Every bench organization has allowance; releases only count (a bench run sends, it does not bill). */
export const benchQuota: MessageQuota & { released: number } = {
  released: 0,
  async reserve(_orgaId, count) {
    return count;
  },
  async release(_orgaId, count) {
    benchQuota.released += count;
  },
};

/**
 * The worker's ports in the benches: the real Cloud API adapter against the fake (WHATSAPP_API_BASE_URL),
 * senders derived from the organization id (the sender table of ../sender is not what is measured here).
 */
@Global()
@Module({
  providers: [
    { provide: SENDER_DIRECTORY, useValue: senders },
    { provide: MESSAGE_QUOTA, useValue: benchQuota },
    {
      provide: WHATSAPP_PROVIDER,
      useFactory: () => new WhatsAppCloudProvider({ baseUrl: process.env['WHATSAPP_API_BASE_URL'] ?? '', timeoutMs: 10_000 }),
    },
  ],
  exports: [SENDER_DIRECTORY, MESSAGE_QUOTA, WHATSAPP_PROVIDER],
})
export class BenchPortsModule {}
