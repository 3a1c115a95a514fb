import { AGREEMENT_LINK_TTL_MS, signAgreementLink, verifyAgreementLink } from './agreement-token';

const secret = 's'.repeat(40);
const now = Date.UTC(2026, 11, 7);
const claim = {
  storeId: '11111111-1111-4111-8111-111111111111',
  customerId: '22222222-2222-4222-8222-222222222222',
  version: 3,
  expires: now + AGREEMENT_LINK_TTL_MS,
};

describe('agreement link tokens (issue 31)', () => {
  it('gives back the claim of a token it signed', () => {
    const token = signAgreementLink(secret, claim);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(verifyAgreementLink(secret, token, now)).toEqual(claim);
  });

  it('refuses an expired token, another key and a changed payload', () => {
    const token = signAgreementLink(secret, claim);
    expect(verifyAgreementLink(secret, token, claim.expires + 1)).toBeNull();
    expect(verifyAgreementLink('t'.repeat(40), token, now)).toBeNull();
    const otherVersion = signAgreementLink(secret, { ...claim, version: 4 });
    const forged = otherVersion.slice(0, -43) + token.slice(-43);
    expect(verifyAgreementLink(secret, forged, now)).toBeNull();
    expect(verifyAgreementLink(secret, 'short', now)).toBeNull();
  });
});
