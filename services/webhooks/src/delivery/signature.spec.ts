import { createHmac } from 'node:crypto';
import { signatureHeader, signPayload, verifySignature } from './signature';

const secret = 'whsec_test-secret-0123456789';
const body = '{"id":"e1","type":"appointment.created"}';

describe('webhook signature (HMAC-SHA256 over timestamp.body)', () => {
  it('signs `timestamp.body` with the secret, as a receiver recomputes it', () => {
    const expected = createHmac('sha256', secret).update(`1790000000.${body}`).digest('hex');
    expect(signPayload(secret, 1790000000, body)).toBe(expected);
    expect(signatureHeader([secret], 1790000000, body)).toBe(`t=1790000000,v1=${expected}`);
  });

  it('verifies its own header within five minutes, and nothing else', () => {
    const header = signatureHeader([secret], 1790000000, body);
    expect(verifySignature(secret, header, body, 1790000100)).toBe(true);
    expect(verifySignature(secret, header, body, 1790000301)).toBe(false); // replayed later
    expect(verifySignature('whsec_other', header, body, 1790000000)).toBe(false);
    expect(verifySignature(secret, header, `${body} `, 1790000000)).toBe(false); // one byte changed
    expect(verifySignature(secret, header.replace('t=1790000000', 't=1790000001'), body, 1790000000)).toBe(false);
    expect(verifySignature(secret, 'v1=abc', body, 1790000000)).toBe(false);
  });

  it('signs with both secrets after a rotation, the new one first: a receiver holding either verifies', () => {
    const header = signatureHeader(['whsec_new', secret], 1790000000, body);
    expect(header.split(',')).toEqual([
      't=1790000000',
      `v1=${signPayload('whsec_new', 1790000000, body)}`,
      `v1=${signPayload(secret, 1790000000, body)}`,
    ]);
    expect(verifySignature(secret, header, body, 1790000000)).toBe(true);
    expect(verifySignature('whsec_new', header, body, 1790000000)).toBe(true);
    expect(verifySignature('whsec_third', header, body, 1790000000)).toBe(false);
  });
});
