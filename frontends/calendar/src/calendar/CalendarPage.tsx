import { Box } from '@chakra-ui/react';
import { EmptyState, QueryState } from '@pawline/ui';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CalendarFeedDialog } from '../feed/CalendarFeedDialog';
import type { BookingLink } from './booking-link';
import type { CalendarContext } from '../shared/calendar-context';
import { staffById } from './appointment-model';
import { CalendarBody } from './CalendarBody';
import { CalendarDialogs } from './CalendarDialogs';
import type { IsoDay } from './calendar-dates';
import { CalendarToolbar } from './CalendarToolbar';
import { TreatmentLegend } from './TreatmentLegend';
import { isTimeGridView } from './calendar-views';
import { useAppointmentWrites } from './useAppointmentWrites';
import { useCalendarActions } from './useCalendarActions';
import { useCalendarData } from './useCalendarData';
import { useCalendarView } from './useCalendarView';
import { ShortcutsDialog } from '../shortcuts/ShortcutsDialog';
import type { ShortcutAction } from '../shortcuts/calendar-shortcuts';
import { useCalendarShortcuts } from '../shortcuts/useCalendarShortcuts';

type Props = {
  ctx: CalendarContext;
  orgaId: string;
  storeId: string;
  initialDay?: IsoDay;
  /** opened from a customer's Book link: a new appointment for them at once */
  book?: BookingLink | null;
  /** issue 29 the command palette's link (?day=…&appointment=<id>): that appointment opens once its day is read */
  openAppointmentId?: string | null;
};

/** The store home: the calendar in the remembered view, only the visible range read, kept live by the data layer. */
export function CalendarPage({ ctx, orgaId, storeId, initialDay, book = null, openAppointmentId = null }: Props) {
  const { t, bridge } = ctx;
  const at = useMemo(() => ({ orga: orgaId, store: storeId }), [orgaId, storeId]);
  const store = bridge.orga?.stores.find((s) => s.id === storeId);
  const staffList = useMemo(() => (bridge.orga?.users ?? []).filter((u) => u.active !== false), [bridge.orga?.users]);
  const staff = useMemo(() => staffById(bridge.orga?.users), [bridge.orga?.users]);
  const shown = useCalendarView(ctx, store?.time_zone, staffList, initialDay);
  const data = useCalendarData(at, shown.parts, bridge.orga?.appointment_card_custom, t);
  const writes = useAppointmentWrites(at, t);
  const actions = useCalendarActions(ctx, at, data.list, writes);
  const [feedOpen, setFeedOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const { view, days, today, first, last } = shown;
  const openNew = () =>
    actions.openNew({ date: isTimeGridView(view) ? (days.includes(today) ? today : first) : today, start: 9 * 60, duration: 60 });
  // issue 29: the calendar by keyboard (never while typing, nor inside a dialog or menu: shortcutOf)
  useCalendarShortcuts((action: ShortcutAction) => {
    if (action.kind === 'today') shown.goToday();
    else if (action.kind === 'step') shown.step(action.step);
    else if (action.kind === 'view') shown.choose(action.view);
    else if (action.kind === 'new') openNew();
    else setHelpOpen(true);
  });
  const [, setSearch] = useSearchParams();

  // issue 26: the Book link opens the dialog prefilled, once per link (state adjusted while rendering, not an effect)
  const bookKey = book ? `${book.customerId}/${book.petId ?? ''}` : null;
  const [bookedFor, setBookedFor] = useState<string | null>(null);
  if (bookKey !== bookedFor) {
    setBookedFor(bookKey);
    if (book)
      actions.openNew(
        { date: initialDay ?? today, start: 9 * 60, duration: 60 },
        { customerId: book.customerId, petIds: book.petId ? [book.petId] : [] },
      );
  }
  // the link leaves the address, so a reload does not book again
  useEffect(() => {
    if (!bookKey) return;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('book_customer');
        next.delete('book_pet');
        return next;
      },
      { replace: true },
    );
  }, [bookKey, setSearch]);

  // issue 29 the palette's link opens its appointment once the range has it, then leaves the address
  const [linkOpened, setLinkOpened] = useState<string | null>(null);
  const linked =
    openAppointmentId !== null && linkOpened !== openAppointmentId ? data.list.items.find((a) => a.id === openAppointmentId) : undefined;
  if (linked && openAppointmentId !== null) {
    setLinkOpened(openAppointmentId);
    actions.openEdit(linked);
  }
  useEffect(() => {
    if (linkOpened === null) return;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('appointment');
        return next;
      },
      { replace: true },
    );
  }, [linkOpened, setSearch]);

  return (
    <Box data-testid="calendar-page" data-view={view} data-first-day={first} data-last-day={last}>
      <CalendarToolbar
        t={t}
        view={view}
        title={shown.title}
        onView={shown.choose}
        onStep={shown.step}
        onToday={shown.goToday}
        onSubscribe={() => setFeedOpen(true)}
        onNew={openNew}
        onShortcuts={() => setHelpOpen(true)}
        daySheetHref={`/${orgaId}/store/${storeId}/day-sheet?day=${days.includes(today) ? today : shown.anchor}`}
      />
      <QueryState query={data.range} language={bridge.language} errorTitle={t('calendar.loadFailed')} loadingLabel={t('calendar.loading')}>
        {(list) => (
          <>
            {list.items.length === 0 ? (
              <EmptyState title={t('calendar.empty')} description={isTimeGridView(view) ? t('calendar.emptyHint') : undefined} />
            ) : null}
            <TreatmentLegend t={t} items={data.legend} />
            <CalendarBody
              shown={shown}
              language={bridge.language}
              appointments={list.items}
              staff={staff}
              labelOf={data.labelOf}
              colourOf={data.colourOf}
              careOf={data.careOf}
              t={t}
              actions={actions}
            />
          </>
        )}
      </QueryState>
      {helpOpen ? <ShortcutsDialog t={t} onClose={() => setHelpOpen(false)} /> : null}
      {feedOpen ? <CalendarFeedDialog ctx={ctx} at={at} staff={staffList} onClose={() => setFeedOpen(false)} /> : null}
      <CalendarDialogs
        ctx={ctx}
        at={at}
        actions={actions}
        writes={writes}
        treatments={data.treatments}
        staff={staffList}
        petsOf={data.petsOf}
        today={today}
      />
    </Box>
  );
}
