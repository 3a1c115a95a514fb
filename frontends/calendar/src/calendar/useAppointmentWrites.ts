import { apiQueryFilter, isApiError, useApiLayer, useApiMutation } from '@pawline/api-client';
import type { Appointment, AppointmentList } from '@pawline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { appointmentWrites, type StoreParams } from '../api/scheduling-api';
import type { Translate } from '../i18n/translator';

/** A write refused because the time collides (409 conflict, ADR 0044): the page asks "book anyway" instead of an error. */
export function isConflict(error: unknown): boolean {
  return isApiError(error) && error.status === 409 && error.code === 'conflict';
}

/**
 * Every write of the calendar on the data layer: each names what it changes (appointmentWrites), says
 * its success once and shows a failure in the user's language. A move or resize is drawn at once in the
 * shown ranges (the card must not jump back while the server answers); a failure reads them again.
 * A collision is no error snackbar: the caller asks whether to write anyway. Changes that can be undone
 * (move, resize, delete, status) say so in the calendar's undo toast, not in a snackbar.
 */
export function useAppointmentWrites(at: StoreParams, t: Translate) {
  const client = useQueryClient();
  const { feedback } = useApiLayer();
  const writes = useMemo(() => appointmentWrites(at), [at]);
  const ranges = useMemo(() => apiQueryFilter('listAppointmentRange', at), [at]);

  /** Shows the appointment changed in every cached range of the store until the server's answer replaces it. */
  const drawn = useCallback(
    (changed: Appointment) =>
      client.setQueriesData<AppointmentList>({ queryKey: ranges }, (list) =>
        list ? { ...list, items: list.items.map((a) => (a.id === changed.id ? changed : a)) } : list,
      ),
    [client, ranges],
  );
  const readAgain = useCallback(() => void client.invalidateQueries({ queryKey: ranges }), [client, ranges]);
  const unlessConflict = useCallback((error: unknown) => (isConflict(error) ? undefined : feedback.failure(error)), [feedback]);
  const quiet = { invalidates: writes, notifyFailure: false, onError: unlessConflict } as const;

  const create = useApiMutation('createAppointment', { ...quiet, success: t('calendar.saved') });
  const update = useApiMutation('updateAppointment', { ...quiet, success: t('calendar.saved') });
  const move = useApiMutation('moveAppointment', {
    ...quiet,
    onError: (error) => {
      readAgain();
      unlessConflict(error);
    },
  });
  const resize = useApiMutation('resizeAppointment', {
    ...quiet,
    onError: (error) => {
      readAgain();
      unlessConflict(error);
    },
  });
  const remove = useApiMutation('deleteAppointment', { invalidates: writes });
  const status = useApiMutation('updateAppointmentStatus', quiet);
  const undo = useApiMutation('undoAppointmentChange', { ...quiet, success: t('calendar.undone') });
  const checkOut = useApiMutation('checkOutAppointment', { invalidates: writes, success: t('calendar.checkedOutDone') });
  // R5.13 the pet information asked at check-out is saved on the pet first
  const updatePet = useApiMutation('updatePet', {
    invalidates: [apiQueryFilter('getPet', at), apiQueryFilter('listPets', at), apiQueryFilter('listPetCards', { orga: at.orga })],
  });

  return { create, update, move, resize, remove, status, undo, checkOut, updatePet, drawn, readAgain };
}

export type AppointmentWrites = ReturnType<typeof useAppointmentWrites>;
