import type { EventEnvelope } from '@pawline/contracts';
import { toRealtimeMessage } from './realtime-message';

const orga = '11111111-1111-4111-8111-111111111111';
const store = '22222222-2222-4222-8222-222222222222';
const user = '33333333-3333-4333-8333-333333333333';

function envelope(subject: string, data: unknown, orgaId: string | null = orga): EventEnvelope {
  return {
    id: '44444444-4444-4444-8444-444444444444',
    subject,
    occurredAt: '2026-11-22T10:00:00.000Z',
    orgaId,
    storeId: store,
    actor: { userId: user, deviceId: 'device-1' },
    data,
  };
}

describe('realtime messages', () => {
  it('R3.17 carries scope, channel, store_id, data, event and user (and the device of R4.16)', () => {
    expect(toRealtimeMessage(envelope('evt.identity.store.created.v1', { store_id: store, orga_id: orga, name: 'Main' }))).toEqual({
      scope: 'store',
      channel: orga,
      store_id: store,
      data: store,
      event: 'created',
      user,
      device: 'device-1',
    });
  });

  it('R3.17 takes the entity id from <entity>_id, else id, else null', () => {
    expect(toRealtimeMessage(envelope('evt.scheduling.appointment.moved.v1', { id: 'a1' }))?.data).toBe('a1');
    expect(toRealtimeMessage(envelope('evt.crm.pet-image.added.v1', { pet_image_id: 'p1' }))?.data).toBe('p1');
    expect(toRealtimeMessage(envelope('evt.crm.pet.deleted.v1', { other: 1 }))?.data).toBeNull();
  });

  it('R3.17 sends nothing for events without an organization', () => {
    expect(toRealtimeMessage(envelope('evt.identity.user.registered.v1', { user_id: user }, null))).toBeNull();
  });
});
