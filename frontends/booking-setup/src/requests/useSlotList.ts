import { PAGE_SIZES } from '@pawline/domain';
import { useCursorPages } from '@pawline/ui';
import { useCallback } from 'react';
import { FIRST_SLOT_PAGE, type BookingSlot, type SlotCursor } from '../api/booking-api';

/** Newest first, as the server pages them: created_time, then id, descending (R7.06). */
function newestFirst(a: BookingSlot, b: BookingSlot): number {
  if (a.created_time !== b.created_time) return b.created_time - a.created_time;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * The pending booking requests page by page (R9.05: 100 a page, R4.22: done once a page is short), and
 * the realtime changes (R4.19): a new request joins in its place, an accepted or deleted one leaves.
 */
export function useSlotList(fetchPage: (cursor: SlotCursor) => Promise<BookingSlot[]>, errorText: (error: unknown) => string) {
  const pageOf = useCallback((cursor: SlotCursor | null) => fetchPage(cursor ?? FIRST_SLOT_PAGE), [fetchPage]);
  const { list, setList, moreError, reload, loadMore } = useCursorPages<BookingSlot, SlotCursor>({
    fetchPage: pageOf,
    cursorOf: (last) => ({ created_time: String(last.created_time), last_id: last.id }),
    pageSize: PAGE_SIZES.booking_requests,
    errorText,
    keyOf: (slot) => slot.id,
  });

  /** A request that arrived: put in its place (a newer one than every loaded one goes first), never twice. */
  const add = useCallback(
    (slot: BookingSlot) => {
      setList((now) => {
        if (now.status !== 'ready' || slot.status !== 'pending') return now;
        const others = now.items.filter((s) => s.id !== slot.id);
        const last = others[others.length - 1];
        // past the loaded pages it comes with a later page
        if (!now.done && last !== undefined && newestFirst(slot, last) > 0) return { ...now, items: others };
        return { ...now, items: [...others, slot].sort(newestFirst) };
      });
    },
    [setList],
  );

  const remove = useCallback(
    (slotId: string) => {
      setList((now) => (now.status === 'ready' ? { ...now, items: now.items.filter((s) => s.id !== slotId) } : now));
    },
    [setList],
  );

  return { list, moreError, reload, loadMore, add, remove };
}
