import type { OrganizationUser } from '@pawline/api-client';
import type { Appointment, PetCard, Treatment } from '@pawline/contracts';
import { ConfirmDialog } from '@pawline/ui';
import { Stack } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { StoreParams } from '../api/scheduling-api';
import { conflictLines } from '../conflicts/conflict-text';
import { AppointmentDialog } from '../dialogs/AppointmentDialog';
import { CheckOutLoader } from '../dialogs/CheckOutLoader';
import { ScopeDialog } from '../dialogs/ScopeDialog';
import type { CalendarContext } from '../shared/calendar-context';
import { UndoToast } from '../undo/UndoToast';
import { canMarkNoShow, freesTime, isDeclined, isNoShow, staffById } from './appointment-model';
import { CardMenu } from './CardMenu';
import type { CalendarActions } from './useCalendarActions';
import type { AppointmentWrites } from './useAppointmentWrites';

type Props = {
  ctx: CalendarContext;
  at: StoreParams;
  actions: CalendarActions;
  writes: AppointmentWrites;
  treatments: readonly Treatment[];
  staff: readonly OrganizationUser[];
  petsOf: (a: Appointment) => PetCard[];
  /** the store's today: a later appointment cannot be checked out yet */
  today: string;
};

const STATUS_QUESTIONS = {
  declined: { title: 'calendar.declineConfirm', confirm: 'calendar.markDeclined' },
  noShow: { title: 'calendar.noShowConfirm', confirm: 'calendar.markNoShow' },
  restore: { title: 'calendar.restore', confirm: 'calendar.restore' },
} as const;

/** The calendar's dialogs: book or edit, check out, the scope of a recurring change, the questions, the undo toast. */
export function CalendarDialogs({ ctx, at, actions, writes, treatments, staff, petsOf, today }: Props) {
  const { t } = ctx;
  const { editor, checkout } = actions;
  const editing = editor?.appointment ?? null;
  const freed = editing ? freesTime(editing) : false;
  // a declined appointment or a no-show is not checked out, nor one of a later day (the dialog says why)
  const checkOutBlock = !editing
    ? null
    : isDeclined(editing)
      ? t('calendar.declinedNotice')
      : isNoShow(editing)
        ? t('calendar.noShowNotice')
        : editing.date > today
          ? t('calendar.futureCheckOut')
          : null;
  const staffMap = useMemo(() => staffById(staff), [staff]);
  const asked = actions.conflictAsk;
  const question = actions.confirmStatus ? STATUS_QUESTIONS[actions.confirmStatus.change] : null;
  return (
    <>
      {editor ? (
        <AppointmentDialog
          ctx={ctx}
          at={at}
          appointment={editing}
          initial={editor.form}
          customerId={editor.customerId ?? null}
          pets={editing ? petsOf(editing) : []}
          treatments={treatments}
          staff={staff}
          busy={writes.create.isPending || writes.update.isPending}
          refusal={actions.saveRefused}
          onSubmit={actions.save}
          onDelete={editing ? () => actions.remove(editing) : undefined}
          onCheckOut={editing && !checkOutBlock ? () => actions.openCheckOut(editing) : undefined}
          checkOutBlock={checkOutBlock}
          onDecline={editing && !freed ? () => actions.changeStatus(editing, 'declined') : undefined}
          onNoShow={editing && canMarkNoShow(editing, Date.now()) ? () => actions.changeStatus(editing, 'noShow') : undefined}
          onRestore={editing && freed ? () => actions.changeStatus(editing, 'restore') : undefined}
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
        open={question !== null}
        title={question ? t(question.title) : ''}
        confirmLabel={question ? t(question.confirm) : ''}
        cancelLabel={t('common.cancel')}
        danger
        onCancel={actions.cancelStatus}
        onConfirm={actions.confirmStatusChange}
      />
      <ConfirmDialog
        open={asked !== null}
        title={asked ? t(asked.title) : ''}
        confirmLabel={t('calendar.bookAnyway')}
        cancelLabel={t('common.cancel')}
        onCancel={actions.cancelConflict}
        onConfirm={actions.confirmConflict}
      >
        <Stack as="ul" gap="1" ps="4" fontSize="sm" data-testid="conflict-ask">
          {(asked ? conflictLines(asked.found, staffMap, t) : []).map((line) => (
            <li key={line.key} data-testid="conflict-line">
              {line.text}
            </li>
          ))}
        </Stack>
      </ConfirmDialog>
      <CardMenu
        t={t}
        request={actions.cardMenu}
        now={Date.now()}
        onOpen={actions.openEdit}
        onStatus={actions.changeStatus}
        onDelete={actions.remove}
        onClose={actions.closeMenu}
      />
      <UndoToast t={t} offer={actions.undoOffer} onUndo={actions.undo} onDismiss={actions.dismissUndo} />
    </>
  );
}
