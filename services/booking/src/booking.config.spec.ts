import { bookingConfigSchema, derivedBookingSecret } from './booking.config';

describe('booking config', () => {
  const auth = 'a'.repeat(40);

  it("derives the token key from the deployment's AUTH_TOKEN_SECRET: the same for every replica, never a constant of the code", () => {
    expect(derivedBookingSecret({ AUTH_TOKEN_SECRET: auth })).toBe(derivedBookingSecret({ AUTH_TOKEN_SECRET: auth }));
    expect(derivedBookingSecret({ AUTH_TOKEN_SECRET: auth })).not.toBe(derivedBookingSecret({ AUTH_TOKEN_SECRET: 'b'.repeat(40) }));
    expect(derivedBookingSecret({ AUTH_TOKEN_SECRET: auth })).not.toContain(auth);
  });

  it('falls back to a random key of the process without any secret, and takes BOOKING_TOKEN_SECRET when set', () => {
    expect(derivedBookingSecret({})).not.toBe(derivedBookingSecret({}));
    expect(derivedBookingSecret({})).toHaveLength(64);
    expect(bookingConfigSchema.parse({ BOOKING_TOKEN_SECRET: 's'.repeat(32) }).BOOKING_TOKEN_SECRET).toBe('s'.repeat(32));
    expect(() => bookingConfigSchema.parse({ BOOKING_TOKEN_SECRET: 'short' })).toThrow(/at least 32/);
  });
});
