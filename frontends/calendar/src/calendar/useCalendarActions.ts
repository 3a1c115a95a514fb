import { conflictOf } from '@pawline/api-client';
import { SNACKBAR_TYPE } from '@pawline/ui';
import type { Appointment, AppointmentConflict, AppointmentList, RecurringInput, RecurringScope } from '@pawline/contracts';
import type { TranslationKey } from '@pawline/i18n';
import { useCallback, useState } from 'react';
import type { AppointmentWrite, StoreParams } from '../api/scheduling-api';
import { editAppointmentForm, newAppointmentForm, type AppointmentForm, type NewSlot } from '../dialogs/appointment-form';
import { defaultStaffOf } from '../dialogs/default-staff';
import type { GridTarget } from '../grid/TimeGrid';
import type { CalendarContext } from '../shared/calendar-context';
import { BOOKED_STATUS, DECLINED_STATUS, NO_SHOW_STATUS } from './appointment-model';
import type { CardMenuRequest, MenuPoint } from './card-menu-request';
import type { AppointmentWrites } from './useAppointmentWrites';

export type Editor = {
  appointment: Appointment | null;
  form: AppointmentForm;
  /** a new appointment for this customer (the clients remote's Book link) */
  customerId?: string | null;
};

/** A write refused for a collision, waiting for "do it anyway" (issue 26: a drop onto a collision asks, never silently). */
export type ConflictAsk = { found: AppointmentConflict; title: TranslationKey; confirm: () => void };

/** A change the server can undo for a while (ADR 0043); the calendar offers it for UNDO_SECONDS. */
export type UndoOffer = {
  key: number;
  message: TranslationKey;
  changeId: string;
};

export const UNDO_SECONDS = 10;

type StatusChange = { status: number; done: TranslationKey };
const STATUS_CHANGES = {
  declined: { status: DECLINED_STATUS, done: 'calendar.declinedDone' },
  noShow: { status: NO_SHOW_STATUS, done: 'calendar.noShowDone' },
  restore: { status: BOOKED_STATUS, done: 'calendar.restoredDone' },
} as const satisfies Record<string, StatusChange>;
export type StatusChangeName = keyof typeof STATUS_CHANGES;

/**
 * What the user does to appointments, with the dialogs it opens: book, edit, move, resize, delete,
 * decline, no-show, restore and check out. A change to a recurring appointment asks its scope first
 * (ScopeDialog); a write onto a collision asks whether to write anyway; what can be undone offers it.
 */
export function useCalendarActions(ctx: CalendarContext, at: StoreParams, list: AppointmentList, writes: AppointmentWrites) {
  const { bridge } = ctx;
  const [editor, setEditor] = useState<Editor | null>(null);
  // the 409's lists of the last refused save: the dialog names them at once (ADR 0055, amended)
  const [saveRefused, setSaveRefused] = useState<AppointmentConflict | null>(null);
  const [checkout, setCheckout] = useState<Appointment | null>(null);
  const [scopeAsk, setScopeAsk] = useState<((scope: RecurringScope) => void) | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<Appointment | null>(null);
  const [confirmStatus, setConfirmStatus] = useState<{ appointment: Appointment; change: StatusChangeName } | null>(null);
  const [conflictAsk, setConflictAsk] = useState<ConflictAsk | null>(null);
  const [undoOffer, setUndoOffer] = useState<UndoOffer | null>(null);
  const [cardMenu, setCardMenu] = useState<CardMenuRequest | null>(null);
  // stable: the undo toast's ten seconds start again when it changes
  const dismissUndo = useCallback(() => setUndoOffer(null), []);
  // stable: the grid's memoized cards keep their actions
  const openMenu = useCallback((appointment: Appointment, point: MenuPoint) => setCardMenu({ appointment, point }), []);
  const params = (a: Appointment) => ({ ...at, id: a.id });

  /**
   * A write refused for a collision: the 409 names what collides (ApiError's conflict), so the question shows it
   * at once, even for a deleted appointment that has left the shown range. Any other failure is not asked about.
   */
  const askIfConflict = (error: unknown, title: TranslationKey, confirm: () => void) => {
    const found = conflictOf(error);
    if (found) setConflictAsk({ found, title, confirm });
  };

  const offerUndo = (message: TranslationKey, changeId: string | undefined) => {
    if (changeId) setUndoOffer({ key: Date.now(), message, changeId });
    else bridge.notify(SNACKBAR_TYPE.success, ctx.t(message));
  };

  const withScope = (a: Appointment, run: (scope: RecurringScope) => void) => {
    if (!a.recurring_group_id) return run('one');
    setScopeAsk(() => (scope: RecurringScope) => {
      setScopeAsk(null);
      run(scope);
    });
  };

  const move = (a: Appointment, to: GridTarget) =>
    withScope(a, (scope) => {
      const target = {
        date: to.date,
        hour: Math.floor(to.start / 60),
        min: to.start % 60,
        ...(to.user_id !== undefined ? { user_id: to.user_id } : {}),
      };
      const moved: Appointment = { ...a, ...target, user_id: to.user_id !== undefined ? to.user_id : a.user_id };
      const send = (allow_conflict: boolean) => {
        writes.drawn(moved);
        writes.move.mutate(
          { params: params(a), body: { scope, ...target, allow_conflict } },
          {
            onSuccess: (answer) => offerUndo('calendar.moved', answer.change_id),
            onError: (error) => askIfConflict(error, 'calendar.moveConflictTitle', () => send(true)),
          },
        );
      };
      send(false);
    });

  const resize = (a: Appointment, duration: number) =>
    withScope(a, (scope) => {
      const resized = { ...a, duration };
      const send = (allow_conflict: boolean) => {
        writes.drawn(resized);
        writes.resize.mutate(
          { params: params(a), body: { scope, duration, allow_conflict } },
          {
            onSuccess: (answer) => offerUndo('calendar.resized', answer.change_id),
            onError: (error) => askIfConflict(error, 'calendar.moveConflictTitle', () => send(true)),
          },
        );
      };
      send(false);
    });

  const open = (next: Editor) => {
    setSaveRefused(null);
    setEditor(next);
  };
  const openNew = (slot: NewSlot, prefill: { customerId?: string | null; petIds?: string[] } = {}) => {
    const staff = (bridge.orga?.users ?? []).filter((u) => u.active !== false);
    const user_id = defaultStaffOf(slot, bridge.user.id, staff, list.items);
    const form = newAppointmentForm({ ...slot, user_id });
    open({ appointment: null, form: { ...form, pet_ids: prefill.petIds ?? [] }, customerId: prefill.customerId ?? null });
  };
  const openEdit = (a: Appointment) =>
    open({
      appointment: a,
      form: editAppointmentForm(
        a,
        list.treatments.filter((tr) => tr.appointment_id === a.id).map((tr) => tr.treatment_id),
        list.pets.filter((p) => p.appointment_id === a.id).map((p) => p.pet_id),
      ),
    });

  const save = (write: AppointmentWrite, recurring: RecurringInput | null, allow_conflict = false) => {
    const editing = editor?.appointment ?? null;
    const done = {
      onSuccess: () => setEditor(null),
      onError: (error: unknown) => setSaveRefused(conflictOf(error)),
    };
    setSaveRefused(null);
    if (!editing) writes.create.mutate({ params: at, body: { appointment: write, recurring, allow_conflict } }, done);
    else
      withScope(editing, (scope) =>
        writes.update.mutate({ params: params(editing), body: { scope, appointment: write, allow_conflict } }, done),
      );
  };

  const removeIn = (a: Appointment, scope: RecurringScope) =>
    writes.remove.mutate(
      { params: params(a), query: { scope } },
      {
        onSuccess: (answer) => {
          setEditor(null);
          offerUndo('calendar.deleted', answer.change_id);
        },
      },
    );
  const remove = (a: Appointment) => (a.recurring_group_id ? withScope(a, (scope) => removeIn(a, scope)) : setConfirmDelete(a));
  const confirmRemove = () => {
    const target = confirmDelete;
    setConfirmDelete(null);
    if (target) removeIn(target, 'one');
  };

  const setStatus = (a: Appointment, change: StatusChangeName, allow_conflict = false) => {
    const { status, done } = STATUS_CHANGES[change];
    writes.status.mutate(
      { params: params(a), body: { status, allow_conflict } },
      {
        onSuccess: (answer) => {
          setEditor(null);
          offerUndo(done, answer.change_id);
        },
        onError: (error) => askIfConflict(error, 'calendar.restoreConflictTitle', () => setStatus(a, change, true)),
      },
    );
  };
  // issue 26: declined and no-show ask first (one tap was for good); restoring takes the time back at once
  const changeStatus = (a: Appointment, change: StatusChangeName) =>
    change === 'restore' ? setStatus(a, change) : setConfirmStatus({ appointment: a, change });
  const confirmStatusChange = () => {
    const target = confirmStatus;
    setConfirmStatus(null);
    if (target) setStatus(target.appointment, target.change);
  };

  const undo = (offer: UndoOffer, allow_conflict = false) => {
    setUndoOffer(null);
    writes.undo.mutate(
      { params: { ...at, change: offer.changeId }, body: { allow_conflict } },
      {
        onError: (error) => askIfConflict(error, 'calendar.undoConflictTitle', () => undo(offer, true)),
      },
    );
  };

  const checkedOut = () => {
    setCheckout(null);
    setEditor(null);
  };

  const cancelScope = () => {
    setScopeAsk(null);
    // a drag drawn before the question goes back where the server has it
    writes.readAgain();
  };

  return {
    editor,
    saveRefused,
    checkout,
    scopeAsk,
    confirmDelete,
    confirmStatus,
    conflictAsk,
    undoOffer,
    cardMenu,
    openMenu,
    closeMenu: () => setCardMenu(null),
    move,
    resize,
    openNew,
    openEdit,
    save,
    remove,
    confirmRemove,
    changeStatus,
    confirmStatusChange,
    cancelStatus: () => setConfirmStatus(null),
    confirmConflict: () => {
      const ask = conflictAsk;
      setConflictAsk(null);
      ask?.confirm();
    },
    cancelConflict: () => setConflictAsk(null),
    undo,
    dismissUndo,
    openCheckOut: setCheckout,
    checkedOut,
    closeEditor: () => setEditor(null),
    closeCheckOut: () => setCheckout(null),
    cancelScope,
    cancelDelete: () => setConfirmDelete(null),
  };
}

export type CalendarActions = ReturnType<typeof useCalendarActions>;
