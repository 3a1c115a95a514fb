import type { Appointment, AppointmentList, RecurringInput, RecurringScope } from '@pawline/contracts';
import { SNACKBAR_TYPE } from '@pawline/ui';
import { useState } from 'react';
import type { AppointmentWrite, StoreParams } from '../api/scheduling-api';
import { editAppointmentForm, newAppointmentForm, type AppointmentForm, type NewSlot } from '../dialogs/appointment-form';
import { defaultStaffOf } from '../dialogs/default-staff';
import type { GridTarget } from '../grid/TimeGrid';
import type { CalendarContext } from '../shared/calendar-context';
import { DECLINED_STATUS, sameStaffOverlaps, staffName } from './appointment-model';
import type { AppointmentWrites } from './useAppointmentWrites';

export type Editor = { appointment: Appointment | null; form: AppointmentForm };

/**
 * What the user does to appointments, with the dialogs it opens: book, edit, move, resize, delete,
 * decline and check out. A change to a recurring appointment asks its scope first (ScopeDialog).
 */
export function useCalendarActions(ctx: CalendarContext, at: StoreParams, list: AppointmentList, writes: AppointmentWrites) {
  const { bridge, t } = ctx;
  const [editor, setEditor] = useState<Editor | null>(null);
  const [checkout, setCheckout] = useState<Appointment | null>(null);
  const [scopeAsk, setScopeAsk] = useState<((scope: RecurringScope) => void) | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<Appointment | null>(null);
  const [confirmDecline, setConfirmDecline] = useState<Appointment | null>(null);
  const params = (a: Appointment) => ({ ...at, id: a.id });

  const withScope = (a: Appointment, run: (scope: RecurringScope) => void) => {
    if (!a.recurring_group_id) return run('one');
    setScopeAsk(() => (scope: RecurringScope) => {
      setScopeAsk(null);
      run(scope);
    });
  };

  // an overlap with the same staff member warns but is allowed (issue 5)
  const warnOverlap = (a: Appointment) => {
    const clash = sameStaffOverlaps(
      { id: a.id, user_id: a.user_id, date: a.date, start: a.hour * 60 + a.min, duration: a.duration },
      list.items,
    );
    const member = a.user_id ? bridge.orga?.users.find((u) => u.user_id === a.user_id) : undefined;
    if (clash.length > 0 && member) bridge.notify(SNACKBAR_TYPE.warn, t('calendar.overlapMoved', { name: staffName(member) }));
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
      writes.drawn(moved);
      warnOverlap(moved);
      writes.move.mutate({ params: params(a), body: { scope, ...target } });
    });

  const resize = (a: Appointment, duration: number) =>
    withScope(a, (scope) => {
      const resized = { ...a, duration };
      writes.drawn(resized);
      warnOverlap(resized);
      writes.resize.mutate({ params: params(a), body: { scope, duration } });
    });

  const openNew = (slot: NewSlot) => {
    const staff = (bridge.orga?.users ?? []).filter((u) => u.active !== false);
    const user_id = defaultStaffOf(slot, bridge.user.id, staff, list.items);
    setEditor({ appointment: null, form: newAppointmentForm({ ...slot, user_id }) });
  };
  const openEdit = (a: Appointment) =>
    setEditor({
      appointment: a,
      form: editAppointmentForm(
        a,
        list.treatments.filter((tr) => tr.appointment_id === a.id).map((tr) => tr.treatment_id),
        list.pets.filter((p) => p.appointment_id === a.id).map((p) => p.pet_id),
      ),
    });

  const save = (write: AppointmentWrite, recurring: RecurringInput | null) => {
    const editing = editor?.appointment ?? null;
    const done = { onSuccess: () => setEditor(null) };
    if (!editing) writes.create.mutate({ params: at, body: { appointment: write, recurring } }, done);
    else withScope(editing, (scope) => writes.update.mutate({ params: params(editing), body: { scope, appointment: write } }, done));
  };

  const removeIn = (a: Appointment, scope: RecurringScope) =>
    writes.remove.mutate({ params: params(a), query: { scope } }, { onSuccess: () => setEditor(null) });
  const remove = (a: Appointment) => (a.recurring_group_id ? withScope(a, (scope) => removeIn(a, scope)) : setConfirmDelete(a));
  const confirmRemove = () => {
    const target = confirmDelete;
    setConfirmDelete(null);
    if (target) removeIn(target, 'one');
  };

  // issue 26: one tap declined for good; now it asks first
  const decline = (a: Appointment) => setConfirmDecline(a);
  const confirmDeclined = () => {
    const target = confirmDecline;
    setConfirmDecline(null);
    if (target) writes.status.mutate({ params: params(target), body: { status: DECLINED_STATUS } }, { onSuccess: () => setEditor(null) });
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
    checkout,
    scopeAsk,
    confirmDelete,
    confirmDecline,
    move,
    resize,
    openNew,
    openEdit,
    save,
    remove,
    confirmRemove,
    decline,
    confirmDeclined,
    cancelDecline: () => setConfirmDecline(null),
    openCheckOut: setCheckout,
    checkedOut,
    closeEditor: () => setEditor(null),
    closeCheckOut: () => setCheckout(null),
    cancelScope,
    cancelDelete: () => setConfirmDelete(null),
  };
}

export type CalendarActions = ReturnType<typeof useCalendarActions>;
