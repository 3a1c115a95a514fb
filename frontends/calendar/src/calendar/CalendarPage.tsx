import { Box, Text } from '@chakra-ui/react';
import { isApiError } from '@pawline/api-client';
import type { Appointment, AppointmentList, Pet, RecurringInput, RecurringScope, Treatment } from '@pawline/contracts';
import { formatAmount, parseAppointmentCard, type CalendarView } from '@pawline/domain';
import { ConfirmDialog, EmptyState, ErrorState, isNarrowScreen, LoadingState } from '@pawline/ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AppointmentWrite, CheckOutWrite } from '../api/scheduling-api';
import { AppointmentDialog } from '../dialogs/AppointmentDialog';
import { editAppointmentForm, newAppointmentForm, type AppointmentForm, type NewSlot } from '../dialogs/appointment-form';
import { CheckOutDialog } from '../dialogs/CheckOutDialog';
import { petPatches, petQuestions, type PetQuestion } from '../dialogs/pet-checkout';
import { ScopeDialog } from '../dialogs/ScopeDialog';
import { cardText, type CardParts } from '../grid/card-text';
import { TimeGrid, type GridColumn, type GridTarget } from '../grid/TimeGrid';
import { MonthView } from '../month/MonthView';
import { CalendarFeedDialog } from '../feed/CalendarFeedDialog';
import { YearView } from '../month/YearView';
import {
  appointmentEventAction,
  declinedParams,
  isCustomerDecline,
  reminderStatusAction,
  type AppointmentEventAction,
} from '../realtime/appointment-events';
import { errorText, type CalendarContext } from '../shared/calendar-context';
import {
  DECLINED_STATUS,
  EMPTY_LIST,
  mergeAppointments,
  removeAppointments,
  sameStaffOverlaps,
  staffById,
  staffName,
  withinDays,
} from './appointment-model';
import { addDays, dayParts, todayIn, type IsoDay } from './calendar-dates';
import { CalendarToolbar } from './CalendarToolbar';
import { initialView, isTimeGridView, rememberView, shiftAnchor, visibleDays, visibleRange } from './calendar-views';

// reminder statuses arrive in bursts (the daily send): the range is read once they pause
const REMINDER_REFRESH_DEBOUNCE_MS = 1000;

type Props = { ctx: CalendarContext; orgaId: string; storeId: string; initialDay?: IsoDay };
type Load = { status: 'loading' } | { status: 'ready' } | { status: 'failed'; message: string };
type Editor = { appointment: Appointment | null; form: AppointmentForm };

const MONDAY = '2024-01-01';

function names(language: string, options: Intl.DateTimeFormatOptions, count: number, step: (i: number) => string): string[] {
  const format = new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
  return Array.from({ length: count }, (_, i) => format.format(new Date(`${step(i)}T12:00:00Z`)));
}

/** The store home: the calendar in the remembered view, only the visible range fetched, live. */
export function CalendarPage({ ctx, orgaId, storeId, initialDay }: Props) {
  const { api, t, bridge } = ctx;
  const language = bridge.language;
  const store = bridge.orga?.stores.find((s) => s.id === storeId);
  const today = useMemo(() => todayIn(store?.time_zone), [store?.time_zone]);
  const [view, setView] = useState<CalendarView>(() => initialView(ctx.storage, isNarrowScreen()));
  const [anchor, setAnchor] = useState<IsoDay>(initialDay ?? today);
  const days = useMemo(() => visibleDays(view, anchor), [view, anchor]);
  const first = days[0] ?? anchor;
  const last = days[days.length - 1] ?? anchor;
  const parts = useMemo(() => visibleRange(view, anchor), [view, anchor]);

  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [data, setData] = useState<AppointmentList>(EMPTY_LIST);
  const [treatments, setTreatments] = useState<Treatment[]>([]);
  const [petNames, setPetNames] = useState<ReadonlyMap<string, string>>(new Map());
  const [editor, setEditor] = useState<Editor | null>(null);
  const [checkout, setCheckout] = useState<{ appointment: Appointment; pets: Pet[]; questions: PetQuestion[] } | null>(null);
  const [scopeAsk, setScopeAsk] = useState<((scope: RecurringScope) => void) | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<Appointment | null>(null);
  const [busy, setBusy] = useState(false);

  const [feedOpen, setFeedOpen] = useState(false);
  const staffList = useMemo(() => (bridge.orga?.users ?? []).filter((u) => u.active !== false), [bridge.orga?.users]);
  const staff = useMemo(() => staffById(bridge.orga?.users), [bridge.orga?.users]);
  const range = useRef({ first, last, parts });
  range.current = { first, last, parts };

  const fetchRange = useCallback(() => api.range(orgaId, storeId, parts), [api, orgaId, storeId, parts]);

  const reload = useCallback(() => {
    let active = true;
    setLoad({ status: 'loading' });
    fetchRange().then(
      (list) => {
        if (!active) return;
        setData(list);
        setLoad({ status: 'ready' });
      },
      (error: unknown) => active && setLoad({ status: 'failed', message: errorText(error) }),
    );
    return () => {
      active = false;
    };
  }, [fetchRange]);
  useEffect(() => reload(), [reload]);

  /** After a change that touched several appointments: the range again, without the spinner. */
  const refresh = useCallback(async () => {
    try {
      setData(await fetchRange());
    } catch (error) {
      bridge.notify(0, errorText(error));
    }
  }, [fetchRange, bridge]);

  useEffect(() => {
    let active = true;
    api.treatments(orgaId).then(
      (list) => active && setTreatments(list),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [api, orgaId]);

  // Pet names for cards without a title, fetched once per pet.
  useEffect(() => {
    const missing = [...new Set(data.pets.map((p) => p.pet_id))].filter((id) => !petNames.has(id)).slice(0, 60);
    if (missing.length === 0) return undefined;
    let active = true;
    void Promise.allSettled(missing.map((id) => api.getPet(orgaId, storeId, id))).then((results) => {
      if (!active) return;
      setPetNames((current) => {
        const next = new Map(current);
        results.forEach((result, i) => next.set(missing[i], result.status === 'fulfilled' ? result.value.pet.name : ''));
        return next;
      });
    });
    return () => {
      active = false;
    };
  }, [api, orgaId, storeId, data.pets, petNames]);

  // what a card shows: the organization's choice (appointment_card_custom), else its name (R8.08)
  const cardFields = useMemo(() => parseAppointmentCard(bridge.orga?.appointment_card_custom), [bridge.orga?.appointment_card_custom]);
  const labelOf = useCallback(
    (a: Appointment) => {
      const pets = data.pets
        .filter((p) => p.appointment_id === a.id)
        .map((p) => petNames.get(p.pet_id))
        .filter(Boolean)
        .join(', ');
      const treatmentNames = data.treatments
        .filter((tr) => tr.appointment_id === a.id)
        .map((tr) => tr.name)
        .join(', ');
      const parts: CardParts = {
        name: a.app_name || pets || treatmentNames,
        pets,
        treatments: treatmentNames,
        notes: a.notes ?? '',
        price: formatAmount(a.final_price ?? a.price, { pad: true }),
      };
      return cardText(cardFields, parts, t('calendar.appointment'));
    },
    [data, petNames, t, cardFields],
  );

  const replace = useCallback((updated: Appointment) => {
    const { first: from, last: to } = range.current;
    setData((d) =>
      withinDays(
        {
          ...d,
          items: d.items.some((a) => a.id === updated.id) ? d.items.map((a) => (a.id === updated.id ? updated : a)) : [...d.items, updated],
        },
        from,
        to,
      ),
    );
  }, []);

  const warnOverlap = useCallback(
    (a: Appointment) => {
      const clash = sameStaffOverlaps(
        { id: a.id, user_id: a.user_id, date: a.date, start: a.hour * 60 + a.min, duration: a.duration },
        data.items,
      );
      const member = a.user_id ? staff.get(a.user_id) : undefined;
      if (clash.length > 0 && member) bridge.notify(1, t('calendar.overlapMoved', { name: staffName(member) }));
    },
    [data.items, staff, bridge, t],
  );

  const withScope = (a: Appointment, run: (scope: RecurringScope) => Promise<void>) => {
    if (a.recurring_group_id)
      setScopeAsk(() => (scope: RecurringScope) => {
        setScopeAsk(null);
        void run(scope);
      });
    else void run('one');
  };

  const applyChange = async (change: { appointment: Appointment; affected_ids: string[] }) => {
    if (change.affected_ids.length > 1) await refresh();
    else replace(change.appointment);
  };

  const move = (a: Appointment, to: GridTarget) =>
    withScope(a, async (scope) => {
      const target = {
        date: to.date,
        hour: Math.floor(to.start / 60),
        min: to.start % 60,
        ...(to.user_id !== undefined ? { user_id: to.user_id } : {}),
      };
      const moved: Appointment = { ...a, ...target, user_id: to.user_id !== undefined ? to.user_id : a.user_id };
      replace(moved);
      warnOverlap(moved);
      try {
        await applyChange(await api.move(orgaId, storeId, a.id, target, scope));
        bridge.notify(2, t('calendar.moved'));
      } catch (error) {
        bridge.notify(0, errorText(error));
        await refresh();
      }
    });

  const resize = (a: Appointment, duration: number) =>
    withScope(a, async (scope) => {
      const resized = { ...a, duration };
      replace(resized);
      warnOverlap(resized);
      try {
        await applyChange(await api.resize(orgaId, storeId, a.id, duration, scope));
      } catch (error) {
        bridge.notify(0, errorText(error));
        await refresh();
      }
    });

  const openNew = (slot: NewSlot) => setEditor({ appointment: null, form: newAppointmentForm(slot) });
  const openEdit = (a: Appointment) =>
    setEditor({
      appointment: a,
      form: editAppointmentForm(
        a,
        data.treatments.filter((tr) => tr.appointment_id === a.id).map((tr) => tr.treatment_id),
        data.pets.filter((p) => p.appointment_id === a.id).map((p) => p.pet_id),
      ),
    });

  const save = (write: AppointmentWrite, recurring: RecurringInput | null) => {
    const editing = editor?.appointment ?? null;
    const run = async (scope: RecurringScope) => {
      setBusy(true);
      try {
        if (editing) await applyChange(await api.update(orgaId, storeId, editing.id, write, scope));
        else {
          const created = await api.create(orgaId, storeId, write, recurring);
          const { first: from, last: to } = range.current;
          setData((d) => withinDays(mergeAppointments(d, created), from, to));
        }
        setEditor(null);
        bridge.notify(2, t('calendar.saved'));
      } catch (error) {
        bridge.notify(0, errorText(error));
      } finally {
        setBusy(false);
      }
    };
    if (editing) withScope(editing, run);
    else void run('one');
  };

  const remove = (a: Appointment) => {
    const run = async (scope: RecurringScope) => {
      try {
        const { deleted_ids } = await api.remove(orgaId, storeId, a.id, scope);
        setData((d) => removeAppointments(d, deleted_ids));
        setEditor(null);
        bridge.notify(2, t('calendar.deleted'));
      } catch (error) {
        bridge.notify(0, errorText(error));
      }
    };
    if (a.recurring_group_id) withScope(a, run);
    else setConfirmDelete(a);
  };

  /** Check-out asks the pet information the organization wants (R5.13); without settings it asks none. */
  const openCheckOut = async (a: Appointment) => {
    const petIds = data.pets.filter((p) => p.appointment_id === a.id).map((p) => p.pet_id);
    try {
      const [settings, pets] = await Promise.all([
        api.crmSettings(orgaId).then(
          (s) => s.pet_checkout,
          () => null,
        ),
        Promise.all(
          petIds.map((id) =>
            api.getPet(orgaId, storeId, id).then(
              (d) => d.pet,
              () => null,
            ),
          ),
        ),
      ]);
      const known = pets.filter((p): p is Pet => p !== null);
      setCheckout({ appointment: a, pets: known, questions: petQuestions(settings, known) });
    } catch (error) {
      bridge.notify(0, errorText(error));
    }
  };

  const checkOut = async (a: Appointment, write: CheckOutWrite, answers: PetQuestion[], pets: Pet[]) => {
    setBusy(true);
    try {
      for (const [petId, patch] of petPatches(answers, pets)) await api.updatePet(orgaId, storeId, petId, patch);
      replace(await api.checkOut(orgaId, storeId, a.id, write));
      setCheckout(null);
      setEditor(null);
      bridge.notify(2, t('calendar.checkedOutDone'));
    } catch (error) {
      bridge.notify(0, errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const decline = async (a: Appointment) => {
    try {
      replace(await api.setStatus(orgaId, storeId, a.id, DECLINED_STATUS));
      setEditor(null);
    } catch (error) {
      bridge.notify(0, errorText(error));
    }
  };

  // R4.17 R4.18: other devices' changes arrive live.
  const onEvent = useRef<(action: AppointmentEventAction) => Promise<void>>(async () => undefined);
  onEvent.current = async (action) => {
    if (action.kind === 'remove') {
      setData((d) => removeAppointments(d, [action.id]));
      return;
    }
    let fetched: AppointmentList;
    try {
      fetched = await api.get(orgaId, storeId, action.id);
    } catch (error) {
      if (isApiError(error) && error.status === 404) setData((d) => removeAppointments(d, [action.id]));
      return;
    }
    const item = fetched.items[0];
    if (!item) return;
    const { first: from, last: to, parts: visible } = range.current;
    if (action.event === 'updated' && item.recurring_group_id) await refresh();
    else {
      if (action.event === 'created' && item.recurring_group_main && item.recurring_group_id) {
        try {
          fetched = mergeAppointments(fetched, await api.recurringGroup(orgaId, storeId, item.recurring_group_id, visible));
        } catch {
          // the main member alone is still worth showing
        }
      }
      setData((d) => withinDays(mergeAppointments(removeAppointments(d, [item.id]), fetched), from, to));
    }
    // a shell that raises it itself (into its notification list) is not told twice
    if (isCustomerDecline(action, item.status) && !bridge.declinedNotifications) {
      const pets = await Promise.all(
        fetched.pets
          .filter((p) => p.appointment_id === item.id)
          .map((p) =>
            api.getPet(orgaId, storeId, p.pet_id).then(
              (d) => d.pet,
              () => null,
            ),
          ),
      );
      const owner = pets.find((p) => p !== null);
      const customer = owner
        ? await api.getCustomer(orgaId, storeId, owner.customer_id).then(
            (d) => `${d.customer.first_name} ${d.customer.last_name}`,
            () => '',
          )
        : '';
      const text = t(
        'calendar.declinedText',
        declinedParams({ date: item.date, hour: item.hour, min: item.min, customer, pets: pets.flatMap((p) => (p ? [p.name] : [])) }),
      );
      bridge.notify(1, `${t('calendar.declinedTitle')}: ${text}`);
    }
  };
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  useEffect(() => {
    // reminder statuses come in bursts (the daily send): one quiet read of the range after them
    let rangeTimer: ReturnType<typeof setTimeout> | null = null;
    const stop = ctx.subscribe((message) => {
      const reminder = reminderStatusAction(message, storeId);
      if (reminder === 'range') {
        if (rangeTimer) clearTimeout(rangeTimer);
        rangeTimer = setTimeout(() => void refreshRef.current(), REMINDER_REFRESH_DEBOUNCE_MS);
        return;
      }
      const action = reminder ?? appointmentEventAction(message, storeId);
      if (action) void onEvent.current(action);
    });
    return () => {
      if (rangeTimer) clearTimeout(rangeTimer);
      stop();
    };
  }, [ctx, storeId]);

  const chooseView = (next: CalendarView) => {
    rememberView(ctx.storage, next);
    setView(next);
  };

  const title = useMemo(() => {
    const date = new Date(`${anchor}T12:00:00Z`);
    if (view === 'year') return String(dayParts(anchor).year);
    if (view === 'day' || view === 'day_by_user')
      return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: 'UTC' }).format(date);
    return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
  }, [anchor, view, language]);

  const columns = useMemo<GridColumn[]>(() => {
    if (view === 'day_by_user') {
      const people: GridColumn[] = staffList.map((u) => ({ key: u.id, day: anchor, userId: u.id, label: staffName(u) }));
      return [...people, { key: 'unassigned', day: anchor, userId: null, label: t('calendar.unassigned') }];
    }
    const format = new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
    return days.map((day) => ({ key: day, day, label: format.format(new Date(`${day}T12:00:00Z`)) }));
  }, [view, staffList, anchor, days, language, t]);

  const body = () => {
    if (load.status === 'loading') return <LoadingState label={t('calendar.loading')} />;
    if (load.status === 'failed')
      return <ErrorState title={t('calendar.loadFailed')} message={load.message} retryLabel={t('common.retry')} onRetry={() => reload()} />;
    if (view === 'month')
      return (
        <MonthView
          days={days}
          month={dayParts(anchor).month}
          weekdayNames={names(language, { weekday: 'short' }, 7, (i) => addDays(MONDAY, i))}
          appointments={data.items}
          staff={staff}
          labelOf={labelOf}
          t={t}
          today={today}
          onOpen={openEdit}
          onDay={(day) => (setAnchor(day), chooseView('day'))}
        />
      );
    if (view === 'year')
      return (
        <YearView
          year={dayParts(anchor).year}
          monthNames={names(language, { month: 'long' }, 12, (i) => `2024-${String(i + 1).padStart(2, '0')}-01`)}
          weekdayInitials={names(language, { weekday: 'narrow' }, 7, (i) => addDays(MONDAY, i))}
          appointments={data.items}
          today={today}
          onDay={(day) => (setAnchor(day), chooseView('day'))}
        />
      );
    return (
      <TimeGrid
        columns={columns}
        appointments={data.items}
        staff={staff}
        labelOf={labelOf}
        t={t}
        onCreate={(slot) => openNew(slot)}
        onOpen={openEdit}
        onMove={move}
        onResize={resize}
      />
    );
  };

  return (
    <Box data-testid="calendar-page" data-view={view} data-first-day={first} data-last-day={last}>
      <CalendarToolbar
        t={t}
        view={view}
        title={title}
        onView={chooseView}
        onStep={(step) => setAnchor(shiftAnchor(view, anchor, step))}
        onToday={() => setAnchor(today)}
        onSubscribe={() => setFeedOpen(true)}
        onNew={() => openNew({ date: isTimeGridView(view) ? (days.includes(today) ? today : first) : today, start: 9 * 60, duration: 60 })}
      />
      {load.status === 'ready' && data.items.length === 0 ? (
        <EmptyState title={t('calendar.empty')} description={isTimeGridView(view) ? t('calendar.emptyHint') : undefined} />
      ) : null}
      {body()}
      {load.status === 'ready' ? (
        <Text fontSize="xs" color="fg.muted" mt="1" data-testid="appointment-count">
          {data.items.length}
        </Text>
      ) : null}
      {feedOpen ? (
        <CalendarFeedDialog ctx={ctx} orgaId={orgaId} storeId={storeId} staff={staffList} onClose={() => setFeedOpen(false)} />
      ) : null}
      {editor ? (
        <AppointmentDialog
          ctx={ctx}
          orgaId={orgaId}
          storeId={storeId}
          appointment={editor.appointment}
          initial={editor.form}
          treatments={treatments}
          staff={staffList}
          appointments={data.items}
          busy={busy}
          onSubmit={save}
          onDelete={editor.appointment ? () => remove(editor.appointment as Appointment) : undefined}
          onCheckOut={editor.appointment ? () => void openCheckOut(editor.appointment as Appointment) : undefined}
          onDecline={
            editor.appointment && editor.appointment.status !== DECLINED_STATUS
              ? () => void decline(editor.appointment as Appointment)
              : undefined
          }
          onClose={() => setEditor(null)}
        />
      ) : null}
      {checkout ? (
        <CheckOutDialog
          appointment={checkout.appointment}
          questions={checkout.questions}
          t={t}
          busy={busy}
          onSave={(write, answers) => void checkOut(checkout.appointment, write, answers, checkout.pets)}
          onClose={() => setCheckout(null)}
        />
      ) : null}
      {scopeAsk ? <ScopeDialog t={t} onChoose={scopeAsk} onCancel={() => (setScopeAsk(null), void refresh())} /> : null}
      <ConfirmDialog
        open={confirmDelete !== null}
        title={t('calendar.deleteConfirm')}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        danger
        onCancel={() => setConfirmDelete(null)}
        onConfirm={() => {
          const target = confirmDelete;
          setConfirmDelete(null);
          if (!target) return;
          void api.remove(orgaId, storeId, target.id, 'one').then(
            ({ deleted_ids }) => {
              setData((d) => removeAppointments(d, deleted_ids));
              setEditor(null);
              bridge.notify(2, t('calendar.deleted'));
            },
            (error: unknown) => bridge.notify(0, errorText(error)),
          );
        }}
      />
    </Box>
  );
}
