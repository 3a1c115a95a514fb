import { createHash } from 'node:crypto';
import { leadingZeroBits } from '@pawline/domain';
import { checkChallenge, issueChallenge, signSlot, solveChallenge, SLOT_TOKEN_TTL_MS, verifySlot } from './slot-token';

const SECRET = 'a-test-secret-of-at-least-32-characters';
const NOW = Date.UTC(2026, 10, 24, 9, 0);
const GROOMERS = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
const claim = { publicId: 'abcdefgh12345678', startsAt: Date.UTC(2026, 10, 25, 9, 30), durationMinutes: 90 };

describe('slot tokens', () => {
  it('gives back the groomers of a token the service signed for this start and duration', () => {
    const token = signSlot(SECRET, { ...claim, userIds: GROOMERS }, NOW);
    expect(verifySlot(SECRET, token, claim, NOW + 60_000)).toEqual(GROOMERS);
  });

  it('refuses a token for another duration (pets or treatments changed), start or store', () => {
    const token = signSlot(SECRET, { ...claim, userIds: GROOMERS }, NOW);
    expect(verifySlot(SECRET, token, { ...claim, durationMinutes: 30 }, NOW)).toBeNull();
    expect(verifySlot(SECRET, token, { ...claim, startsAt: claim.startsAt + 15 * 60_000 }, NOW)).toBeNull();
    expect(verifySlot(SECRET, token, { ...claim, publicId: 'zzzzzzzz12345678' }, NOW)).toBeNull();
  });

  it('refuses a token after 15 minutes, with a groomer added, or signed with another secret', () => {
    const token = signSlot(SECRET, { ...claim, userIds: GROOMERS }, NOW);
    expect(verifySlot(SECRET, token, claim, NOW + SLOT_TOKEN_TTL_MS + 1)).toBeNull();
    const [expires, , tag] = token.split('.');
    const widened = `${expires}.${[...GROOMERS, '33333333-3333-4333-8333-333333333333'].join('~')}.${tag}`;
    expect(verifySlot(SECRET, widened, claim, NOW)).toBeNull();
    expect(verifySlot('another-secret-of-at-least-32-characters', token, claim, NOW)).toBeNull();
    expect(verifySlot(SECRET, 'garbage', claim, NOW)).toBeNull();
  });
});

describe('proof-of-work challenges', () => {
  it('accepts a solved challenge of this store once it meets its difficulty, and names it by its hash', () => {
    const { challenge } = issueChallenge(SECRET, claim.publicId, 8, NOW);
    const nonce = solveChallenge(challenge, 8);
    expect(leadingZeroBits(createHash('sha256').update(`${challenge}:${nonce}`).digest())).toBeGreaterThanOrEqual(8);
    const check = checkChallenge(SECRET, challenge, nonce, claim.publicId, NOW + 1000);
    expect(check).toEqual({ ok: true, hash: createHash('sha256').update(challenge).digest('hex'), expires: NOW + 10 * 60_000 });
  });

  it('refuses an unsolved, expired, forged or other store challenge', () => {
    const { challenge } = issueChallenge(SECRET, claim.publicId, 12, NOW);
    const nonce = solveChallenge(challenge, 12);
    const wrongNonce = [...Array(50).keys()].map(String).find((n) => !checkChallenge(SECRET, challenge, n, claim.publicId, NOW).ok);
    expect(checkChallenge(SECRET, challenge, wrongNonce ?? 'x', claim.publicId, NOW)).toEqual({ ok: false, reason: 'unsolved' });
    expect(checkChallenge(SECRET, challenge, nonce, claim.publicId, NOW + 10 * 60_000 + 1)).toEqual({ ok: false, reason: 'expired' });
    expect(checkChallenge(SECRET, challenge, nonce, 'zzzzzzzz12345678', NOW)).toEqual({ ok: false, reason: 'forged' });
    // lowering the difficulty breaks the signature
    const easier = challenge.replace(/\.12\.([^.]+)$/, '.1.$1');
    expect(checkChallenge(SECRET, easier, '0', claim.publicId, NOW)).toEqual({ ok: false, reason: 'forged' });
  });
});
