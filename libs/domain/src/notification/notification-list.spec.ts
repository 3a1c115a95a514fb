import fc from 'fast-check';
import {
  EMPTY_NOTIFICATION_LIST,
  markSeen,
  nextPageCursor,
  notificationKey,
  notificationTarget,
  withLocalNotification,
  withNotificationPage,
  withoutNotification,
  type ShellNotification,
} from './notification-list';

function notification(over: Partial<ShellNotification>): ShellNotification {
  return {
    id: `id-${over.belongs_to ?? 'a1'}`,
    notification_type: 'CUSTOMER_MSG',
    belongs_to: 'a1',
    seen: null,
    time: '2026-11-24T10:00:00.000Z',
    title: 'New message',
    text: 'Hello',
    orga_id: 'o1',
    store_id: 's1',
    local: false,
    ...over,
  };
}

const page = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) =>
    notification({ belongs_to: `a${from + i}`, time: new Date(Date.UTC(2026, 10, 24) - (from + i) * 60_000).toISOString() }),
  );

describe('notification list', () => {
  it('R4.02 marking a visible notification seen lowers the new count by one, once', () => {
    let list = withNotificationPage(EMPTY_NOTIFICATION_LIST, { items: page(3), new_notifications: 3 }, true);
    list = markSeen(list, notificationKey(list.items[0]), '2026-11-24T11:00:00.000Z');
    expect(list.newCount).toBe(2);
    expect(list.items[0].seen).toBe('2026-11-24T11:00:00.000Z');
    // seen again (it stays on screen): nothing changes
    expect(markSeen(list, notificationKey(list.items[0]), '2026-11-24T11:00:01.000Z')).toBe(list);
  });

  it('R4.02 however often notifications are marked, the count drops by the number of unseen ones marked and never below 0', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 49 }), fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 80 }), (count, marks) => {
        let list = withNotificationPage(EMPTY_NOTIFICATION_LIST, { items: page(count), new_notifications: count }, true);
        const unseen = new Set<number>();
        for (const index of marks) {
          const item = list.items[index];
          if (item && item.seen === null) unseen.add(index);
          if (item) list = markSeen(list, notificationKey(item), '2026-11-24T12:00:00.000Z');
        }
        expect(list.newCount).toBe(count - unseen.size);
        expect(list.newCount).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('R4.04 R4.22 pages by 50 with Next: a full page leaves Next, a shorter one ends the list', () => {
    let list = withNotificationPage(EMPTY_NOTIFICATION_LIST, { items: page(50), new_notifications: 7 }, true);
    expect(list.done).toBe(false);
    expect(nextPageCursor(list)).toEqual({ last_time: list.items[49].time, last_id: 'id-a49' });
    list = withNotificationPage(list, { items: page(3, 50), new_notifications: 7 }, false);
    expect(list.items).toHaveLength(53);
    expect(list.done).toBe(true);
    expect(list.newCount).toBe(7);
    expect(nextPageCursor(EMPTY_NOTIFICATION_LIST)).toEqual({ last_time: '0', last_id: 'none' });
  });

  it('R4.04 deleting removes the notification; an unseen one leaves the count too', () => {
    let list = withNotificationPage(EMPTY_NOTIFICATION_LIST, { items: page(2), new_notifications: 2 }, true);
    list = withoutNotification(list, notificationKey(list.items[1]));
    expect(list.items.map((n) => n.belongs_to)).toEqual(['a0']);
    expect(list.newCount).toBe(1);
  });

  it('R4.18 a local notification goes first and counts as new, and survives reading the first page again', () => {
    let list = withNotificationPage(EMPTY_NOTIFICATION_LIST, { items: page(1), new_notifications: 1 }, true);
    list = withLocalNotification(
      list,
      notification({ notification_type: 'APPOINTMENT_STATUS_CHANGE_BY_CUSTOMER', belongs_to: 'ap1', time: '2026-11-24T12:00:00.000Z' }),
    );
    expect(list.items[0]).toMatchObject({ belongs_to: 'ap1', local: true });
    expect(list.newCount).toBe(2);
    list = withNotificationPage(list, { items: page(1), new_notifications: 1 }, true);
    expect(list.items.map((n) => n.belongs_to)).toEqual(['ap1', 'a0']);
    expect(list.newCount).toBe(2);
    // the cursor of Next ignores local notifications
    expect(nextPageCursor(list).last_id).toBe('id-a0');
    // once the server has a notification of the same key, its own replaces the local one
    const served = notification({
      notification_type: 'APPOINTMENT_STATUS_CHANGE_BY_CUSTOMER',
      belongs_to: 'ap1',
      id: 'srv-1',
      time: '2026-11-24T12:00:01.000Z',
    });
    list = withNotificationPage(list, { items: [served, ...page(1)], new_notifications: 2 }, true);
    expect(list.items.map((n) => [n.id, n.local])).toEqual([
      ['srv-1', false],
      ['id-a0', false],
    ]);
    expect(list.newCount).toBe(2);
  });

  it('R4.01 R4.03 a customer message opens the messages page, a booking request the booking page', () => {
    expect(notificationTarget(notification({ notification_type: 'CUSTOMER_MSG' }))).toBe('/o1/store/s1/messages');
    expect(notificationTarget(notification({ notification_type: 'NEW_BOOKING' }))).toBe('/o1/store/s1/booking');
    expect(notificationTarget(notification({ notification_type: 'APPOINTMENT_STATUS_CHANGE_BY_CUSTOMER' }))).toBeNull();
    expect(notificationTarget(notification({ store_id: null }))).toBeNull();
    expect(notificationTarget(notification({ notification_type: 'PAYMENT_FAILED', store_id: null }))).toBe('/o1/adminV2/plan');
  });
});
