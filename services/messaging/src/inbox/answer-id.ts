import { createHash } from 'node:crypto';

/**
 * The answer's id derived from the provider's message id: a webhook retried by the provider (a new
 * event, the same message) and a redelivered event land on the same row and the same storage keys.
 */
export function answerIdOf(orgaId: string, provider: string, providerMessageId: string): string {
  const hex = createHash('sha256').update(`${orgaId}\n${provider}\n${providerMessageId}`).digest('hex');
  // RFC 4122 layout (version 5 nibble, variant 10xx) so it passes uuid checks everywhere
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
