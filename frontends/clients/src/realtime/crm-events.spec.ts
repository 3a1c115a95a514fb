import type { RealtimeMessage } from '@pawline/api-client';
import { crmEventOf, listActionOf, pageActionOf, withoutRow, withRow } from './crm-events';

const msg = (scope: string, event: string, data: string | null = 'x1'): RealtimeMessage => ({
  scope,
  channel: 'o1',
  store_id: 's1',
  data,
  event,
  user: 'u2',
  device: 'dev-b',
});
const ev = (scope: string, event: string, data: string | null = 'x1') => crmEventOf(msg(scope, event, data));

describe('crm realtime events (R4.20)', () => {
  it('R4.20 reads customer, pet and tag events and ignores the rest', () => {
    expect(ev('customer', 'deleted', 'c1')).toEqual({ entity: 'customer', id: 'c1', verb: 'deleted', deleted: true, storeId: 's1' });
    expect(ev('pet', 'updated', 'p1')).toMatchObject({ entity: 'pet', id: 'p1', deleted: false });
    expect(ev('tag', 'created', 't1')).toMatchObject({ entity: 'tag', deleted: false });
    expect(ev('appointment', 'deleted')).toBeNull();
    expect(ev('store', 'updated')).toBeNull();
  });

  it('R4.20 on a list: deleted removes a shown row, another event refetches that row, an unknown one the list', () => {
    const shown = ['c1', 'c2'];
    expect(listActionOf(ev('customer', 'deleted', 'c2'), 'customer', shown)).toEqual({ type: 'remove', id: 'c2' });
    expect(listActionOf(ev('customer', 'deleted', 'c9'), 'customer', shown)).toBeNull();
    expect(listActionOf(ev('customer', 'updated', 'c1'), 'customer', shown)).toEqual({ type: 'refetch-row', id: 'c1' });
    expect(listActionOf(ev('customer', 'created', 'c3'), 'customer', shown)).toEqual({ type: 'refetch-list' });
    expect(listActionOf(ev('pet', 'deleted', 'c1'), 'customer', shown)).toBeNull();
    expect(listActionOf(ev('pet', 'deleted', 'p1'), 'pet', ['p1'])).toEqual({ type: 'remove', id: 'p1' });
    expect(listActionOf(null, 'pet', ['p1'])).toBeNull();
  });

  it('R4.20 removes and replaces rows by id without touching the others', () => {
    const rows = [
      { id: 'a', v: 1 },
      { id: 'b', v: 1 },
    ];
    expect(withoutRow(rows, 'a')).toEqual([{ id: 'b', v: 1 }]);
    expect(withRow(rows, { id: 'b', v: 2 })).toEqual([
      { id: 'a', v: 1 },
      { id: 'b', v: 2 },
    ]);
    expect(withRow(rows, { id: 'z', v: 2 })).toEqual(rows);
  });

  it("R4.20 on a customer page: its deletion shows deleted, its change, its pets' and tags refetch", () => {
    const page = { entity: 'customer' as const, id: 'c1', petIds: ['p1'] };
    expect(pageActionOf(ev('customer', 'deleted', 'c1'), page)).toBe('deleted');
    expect(pageActionOf(ev('customer', 'updated', 'c1'), page)).toBe('refetch');
    expect(pageActionOf(ev('customer', 'deleted', 'c2'), page)).toBeNull();
    expect(pageActionOf(ev('customer', 'updated', 'c2'), page)).toBeNull();
    expect(pageActionOf(ev('pet', 'deleted', 'p1'), page)).toBe('refetch');
    expect(pageActionOf(ev('pet', 'updated', 'p1'), page)).toBe('refetch');
    expect(pageActionOf(ev('pet', 'created', 'p7'), page)).toBe('refetch');
    expect(pageActionOf(ev('pet', 'updated', 'p7'), page)).toBeNull();
    expect(pageActionOf(ev('tag', 'updated', 't1'), page)).toBe('refetch');
  });

  it("R4.20 on a pet page: its or its owner's deletion shows deleted, their change and tags refetch", () => {
    const page = { entity: 'pet' as const, id: 'p1', ownerId: 'c1' };
    expect(pageActionOf(ev('pet', 'deleted', 'p1'), page)).toBe('deleted');
    expect(pageActionOf(ev('customer', 'deleted', 'c1'), page)).toBe('deleted');
    expect(pageActionOf(ev('pet', 'updated', 'p1'), page)).toBe('refetch');
    expect(pageActionOf(ev('customer', 'updated', 'c1'), page)).toBe('refetch');
    expect(pageActionOf(ev('pet', 'deleted', 'p2'), page)).toBeNull();
    expect(pageActionOf(ev('customer', 'deleted', 'c2'), page)).toBeNull();
    expect(pageActionOf(ev('tag', 'deleted', 't1'), page)).toBe('refetch');
  });
});
