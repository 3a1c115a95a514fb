import { createHmac } from 'node:crypto';
import { formEncode, verifyStripeSignature } from './stripe-wire';

const SECRET = 'whsec_test_0123456789';
const NOW = 1_795_553_000;

function header(payload: string, timestamp: number, secret = SECRET): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;
}

describe("Stripe's wire format", () => {
  it('form-encodes nested keys as Stripe reads them, leaving out what is not set', () => {
    expect(
      formEncode({
        amount: 5978,
        currency: 'eur',
        metadata: { orga: 'a b', charge: 'invoice:1:1' },
        automatic_payment_methods: { enabled: true },
        payment_method_types: ['card', 'sepa_debit'],
        description: undefined,
        customer: null,
      }),
    ).toBe(
      'amount=5978&currency=eur&metadata%5Borga%5D=a%20b&metadata%5Bcharge%5D=invoice%3A1%3A1&automatic_payment_methods%5Benabled%5D=true' +
        '&payment_method_types%5B0%5D=card&payment_method_types%5B1%5D=sepa_debit',
    );
  });

  describe('webhook signature (Stripe-Signature, v1)', () => {
    const payload = JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded' });
    const bytes = Buffer.from(payload);

    it('accepts the HMAC-SHA256 of `${t}.${payload}` with the endpoint secret, within 300 s either way', () => {
      expect(verifyStripeSignature(bytes, header(payload, NOW), SECRET, NOW)).toEqual({ ok: true, timestamp: NOW });
      expect(verifyStripeSignature(bytes, header(payload, NOW - 300), SECRET, NOW).ok).toBe(true);
      // a rolled secret: Stripe sends one v1 per secret, any one of them may match
      const two = `${header(payload, NOW, 'whsec_old')},v1=${header(payload, NOW).split('v1=')[1]}`;
      expect(verifyStripeSignature(bytes, two, SECRET, NOW).ok).toBe(true);
    });

    it('refuses a signature of other bytes, of another secret, or of another timestamp', () => {
      expect(verifyStripeSignature(Buffer.from(`${payload} `), header(payload, NOW), SECRET, NOW)).toEqual({
        ok: false,
        reason: 'mismatch',
      });
      expect(verifyStripeSignature(bytes, header(payload, NOW, 'whsec_other'), SECRET, NOW)).toEqual({ ok: false, reason: 'mismatch' });
      const moved = header(payload, NOW).replace(`t=${NOW}`, `t=${NOW + 1}`);
      expect(verifyStripeSignature(bytes, moved, SECRET, NOW)).toEqual({ ok: false, reason: 'mismatch' });
      // a v0 (Stripe's test scheme) is never taken for a v1
      expect(verifyStripeSignature(bytes, header(payload, NOW).replace('v1=', 'v0='), SECRET, NOW)).toEqual({
        ok: false,
        reason: 'malformed',
      });
    });

    it('refuses a correctly signed delivery older (or newer) than the tolerance: a replay', () => {
      expect(verifyStripeSignature(bytes, header(payload, NOW - 301), SECRET, NOW)).toEqual({ ok: false, reason: 'expired' });
      expect(verifyStripeSignature(bytes, header(payload, NOW + 301), SECRET, NOW)).toEqual({ ok: false, reason: 'expired' });
    });

    it('refuses a missing or malformed header', () => {
      expect(verifyStripeSignature(bytes, null, SECRET, NOW)).toEqual({ ok: false, reason: 'missing' });
      expect(verifyStripeSignature(bytes, '', SECRET, NOW)).toEqual({ ok: false, reason: 'missing' });
      expect(verifyStripeSignature(bytes, 'v1=abc', SECRET, NOW)).toEqual({ ok: false, reason: 'malformed' });
      expect(verifyStripeSignature(bytes, `t=${NOW},v1=zz`, SECRET, NOW)).toEqual({ ok: false, reason: 'mismatch' });
      expect(verifyStripeSignature(bytes, `t=soon,v1=${'0'.repeat(64)}`, SECRET, NOW)).toEqual({ ok: false, reason: 'malformed' });
    });
  });
});
