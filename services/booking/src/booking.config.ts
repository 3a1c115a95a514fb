import { createHmac, randomBytes } from 'node:crypto';
import { WAITLIST_DEFAULTS } from '@pawline/domain';
import { z } from 'zod';

/**
 * The HMAC key of slot tokens and challenges when BOOKING_TOKEN_SECRET is not set: derived from the
 * deployment's AUTH_TOKEN_SECRET (the launcher generates one per machine and every process shares it), so no
 * key is ever a constant in the code that anyone could sign with. Without either, a random key of this process
 * (tokens then hold for this process only).
 */
export function derivedBookingSecret(env: Record<string, string | undefined> = process.env): string {
  const auth = env['AUTH_TOKEN_SECRET'];
  if (auth && auth.length >= 32) return createHmac('sha256', auth).update('pawline booking tokens v1').digest('hex');
  return randomBytes(32).toString('hex');
}

/** booking's own settings, read from the environment by the kit (`def.config` → SERVICE_CONFIG). */
export const bookingConfigSchema = z.object({
  /** HMAC key of the slot tokens and challenges (shared by every booking replica); default: derivedBookingSecret() */
  BOOKING_TOKEN_SECRET: z
    .string()
    .min(32, 'BOOKING_TOKEN_SECRET must be at least 32 characters')
    .default(() => derivedBookingSecret()),
  /** leading zero bits a request's proof of work needs (docs/adr/0021-booking-abuse-resistance.md) */
  BOOKING_POW_BITS: z.coerce.number().int().min(0).max(30).default(18),
  /** issue 30 how long a waitlist offer holds its time for the customer (ADR 0063) */
  BOOKING_WAITLIST_HOLD_MINUTES: z.coerce.number().int().min(1).max(240).default(WAITLIST_DEFAULTS.holdMinutes),
  /** how many waitlist offers of one freed time may be open at once */
  BOOKING_WAITLIST_OFFERS_AT_ONCE: z.coerce.number().int().min(1).max(20).default(WAITLIST_DEFAULTS.offersAtOnce),
  /** how often expired offers move to the next candidates (ms; 0: never, tests call the sweep) */
  BOOKING_WAITLIST_SWEEP_MS: z.coerce.number().int().min(0).default(30_000),
});

export type BookingConfig = z.infer<typeof bookingConfigSchema>;
