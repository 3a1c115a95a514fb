import type { OrganizationUser } from '@pawline/api-client';
import type { Appointment, PetCard, Treatment } from '@pawline/contracts';
import { ConfirmDialog } from '@pawline/ui';
import type { StoreParams } from '../api/scheduling-api';
import { AppointmentDialog } from '../dialogs/AppointmentDialog';
import { CheckOutLoader } from '../dialogs/CheckOutLoader';
import { ScopeDialog } from '../dialogs/ScopeDialog';
import type { CalendarContext } from '../shared/calendar-context';
import { DECLINED_STATUS } from './appointment-model';
import type { CalendarActions } from './useCalendarActions';
import type { AppointmentWrites } from './useAppointmentWrites';

type Props = {
  ctx: CalendarContext;
  at: StoreParams;
  actions: CalendarActions;
  writes: AppointmentWrites;
  appointments: readonly Appointment[];
  treatments: readonly Treatment[];
  staff: readonly OrganizationUser[];
  petsOf: (a: Appointment) => PetCard[];
  /** the store's today: a later appointment cannot be checked out yet */
  today: string;
};

/** The calendar's dialogs: book or edit, check out, the scope of a recurring change, the delete question. */
export function CalendarDialogs({ ctx, at, actions, writes, appointments, treatments, staff, petsOf, today }: Props) {
  const { t } = ctx;
  const { editor, checkout } = actions;
  const editing = editor?.appointment ?? null;
  const declined = editing?.status === DECLINED_STATUS;
  // a declined appointment is not checked out, nor one of a later day (the dialog says why)
  const checkOutBlock = !editing
    ? null
    : declined
      ? t('calendar.declinedNotice')
      : editing.date > today
        ? t('calendar.futureCheckOut')
        : null;
  return (
    <>
      {editor ? (
        <AppointmentDialog
          ctx={ctx}
          at={at}
          appointment={editing}
          initial={editor.form}
          pets={editing ? petsOf(editing) : []}
          treatments={treatments}
          staff={staff}
          appointments={appointments}
          busy={writes.create.isPending || writes.update.isPending}
          onSubmit={actions.save}
          onDelete={editing ? () => actions.remove(editing) : undefined}
          onCheckOut={editing && !checkOutBlock ? () => actions.openCheckOut(editing) : undefined}
          checkOutBlock={checkOutBlock}
          onDecline={editing && !declined ? () => actions.decline(editing) : undefined}
          onClose={actions.closeEditor}
        />
      ) : null}
      {checkout ? (
        <CheckOutLoader
          at={at}
          appointment={checkout}
          pets={petsOf(checkout)}
          writes={writes}
          t={t}
          onDone={actions.checkedOut}
          onClose={actions.closeCheckOut}
        />
      ) : null}
      {actions.scopeAsk ? <ScopeDialog t={t} onChoose={actions.scopeAsk} onCancel={actions.cancelScope} /> : null}
      <ConfirmDialog
        open={actions.confirmDelete !== null}
        title={t('calendar.deleteConfirm')}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        danger
        onCancel={actions.cancelDelete}
        onConfirm={actions.confirmRemove}
      />
      <ConfirmDialog
        open={actions.confirmDecline !== null}
        title={t('calendar.declineConfirm')}
        confirmLabel={t('calendar.markDeclined')}
        cancelLabel={t('common.cancel')}
        danger
        onCancel={actions.cancelDecline}
        onConfirm={actions.confirmDeclined}
      />
    </>
  );
}
