import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@pawline/contracts';
import { isRemoval, membershipChangeOrga } from './realtime-events.consumer';

const orgaId = randomUUID();

function envelope(subject: string, overrides: Partial<EventEnvelope> = {}): EventEnvelope {
  return { id: randomUUID(), subject, occurredAt: new Date().toISOString(), orgaId, storeId: null, actor: null, data: {}, ...overrides };
}

describe('membership cache invalidation by identity events', () => {
  it.each([
    'evt.identity.member.changed.v1',
    'evt.identity.store.created.v1',
    'evt.identity.store.updated.v1',
    'evt.identity.store.deleted.v1',
    'evt.identity.orga.updated.v1',
    'evt.identity.orga.cancelled.v1',
  ])('R6.04 R3.03 %s drops the cached memberships of its organization', (subject) => {
    expect(membershipChangeOrga(envelope(subject))).toBe(orgaId);
  });

  it('takes the organization from the payload when the envelope has none', () => {
    const fromData = randomUUID();
    expect(
      membershipChangeOrga(
        envelope('evt.identity.store.deleted.v1', { orgaId: null, data: { orga_id: fromData, store_id: randomUUID() } }),
      ),
    ).toBe(fromData);
    expect(membershipChangeOrga(envelope('evt.identity.member.changed.v1', { orgaId: null, data: {} }))).toBeNull();
  });

  it.each([
    'evt.identity.session.revoked.v1',
    'evt.identity.user.registered.v1',
    'evt.crm.customer.created.v1',
    'evt.crm.store.created.v1',
  ])('leaves the cache alone on %s', (subject) => {
    expect(membershipChangeOrga(envelope(subject))).toBeNull();
  });
});

describe('which membership changes are told before the sockets move', () => {
  it.each([
    ['evt.identity.store.deleted.v1', {}, true],
    ['evt.identity.orga.cancelled.v1', {}, true],
    ['evt.identity.member.changed.v1', { change: 'removed' }, true],
    ['evt.identity.member.changed.v1', { change: 'updated' }, false],
    ['evt.identity.store.created.v1', {}, false],
    ['evt.identity.orga.updated.v1', {}, false],
  ])('%s %j is a removal: %s', (subject, data, removal) => {
    expect(isRemoval(envelope(subject, { data }))).toBe(removal);
  });
});
