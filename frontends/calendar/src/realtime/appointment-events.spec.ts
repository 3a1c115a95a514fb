import type { RealtimeMessage } from '@pawline/api-client';
import { appointmentEventAction, declinedParams, isCustomerDecline } from './appointment-events';

const message = (fields: Partial<RealtimeMessage>): RealtimeMessage => ({
  scope: 'appointment',
  channel: 'orga-1',
  store_id: 'store-1',
  data: 'appt-1',
  event: 'updated',
  user: 'someone',
  device: 'other-device',
  ...fields,
});

describe('appointment realtime events', () => {
  it('R4.17 create, update, done, notes, status and status_by_customer fetch the appointment; delete removes it', () => {
    for (const event of ['created', 'updated', 'done', 'notes', 'status', 'status_by_customer']) {
      expect(appointmentEventAction(message({ event }), 'store-1')).toEqual({
        kind: 'fetch',
        id: 'appt-1',
        event,
        checkDeclined: event === 'status_by_customer',
      });
    }
    expect(appointmentEventAction(message({ event: 'deleted' }), 'store-1')).toEqual({ kind: 'remove', id: 'appt-1' });
  });

  it('R4.17 ignores other scopes, other stores and unknown events', () => {
    expect(appointmentEventAction(message({ scope: 'customer' }), 'store-1')).toBeNull();
    expect(appointmentEventAction(message({ store_id: 'store-2' }), 'store-1')).toBeNull();
    expect(appointmentEventAction(message({ event: 'archived' }), 'store-1')).toBeNull();
    expect(appointmentEventAction(message({ data: null }), 'store-1')).toBeNull();
  });

  it("R4.18 only a customer's change to status 2 raises 'Declined appointment'", () => {
    const byCustomer = appointmentEventAction(message({ event: 'status_by_customer' }), 'store-1');
    const byStaff = appointmentEventAction(message({ event: 'status' }), 'store-1');
    if (!byCustomer || !byStaff) throw new Error('expected actions');
    expect(isCustomerDecline(byCustomer, 2)).toBe(true);
    expect(isCustomerDecline(byCustomer, 1)).toBe(false);
    expect(isCustomerDecline(byStaff, 2)).toBe(false);
  });

  it('R4.18 the notification carries date, time, customer and pet names', () => {
    expect(declinedParams({ date: '2026-11-24', hour: 9, min: 5, customer: 'Maria Bianchi', pets: ['Fido', 'Luna'] })).toEqual({
      date: '24/11/2026',
      time: '09:05',
      customer: 'Maria Bianchi',
      pets: 'Fido, Luna',
    });
  });
});
