import { apiQueryFilter, useApiMutation } from '@pawline/api-client';
import type { Appointment, AppointmentList } from '@pawline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { appointmentWrites, type StoreParams } from '../api/scheduling-api';
import type { Translate } from '../i18n/translator';

/**
 * Every write of the calendar on the data layer: each names what it changes (appointmentWrites), says
 * its success once and shows a failure in the user's language. A move or resize is drawn at once in the
 * shown ranges (the card must not jump back while the server answers); a failure reads them again.
 */
export function useAppointmentWrites(at: StoreParams, t: Translate) {
  const client = useQueryClient();
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

  const create = useApiMutation('createAppointment', { invalidates: writes, success: t('calendar.saved') });
  const update = useApiMutation('updateAppointment', { invalidates: writes, success: t('calendar.saved') });
  const move = useApiMutation('moveAppointment', { invalidates: writes, success: t('calendar.moved'), onError: readAgain });
  const resize = useApiMutation('resizeAppointment', { invalidates: writes, success: t('calendar.resized'), onError: readAgain });
  const remove = useApiMutation('deleteAppointment', { invalidates: writes, success: t('calendar.deleted') });
  const status = useApiMutation('updateAppointmentStatus', { invalidates: writes, success: t('calendar.declinedDone') });
  const checkOut = useApiMutation('checkOutAppointment', { invalidates: writes, success: t('calendar.checkedOutDone') });
  // R5.13 the pet information asked at check-out is saved on the pet first
  const updatePet = useApiMutation('updatePet', {
    invalidates: [apiQueryFilter('getPet', at), apiQueryFilter('listPets', at), apiQueryFilter('listPetCards', { orga: at.orga })],
  });

  return { create, update, move, resize, remove, status, checkOut, updatePet, drawn, readAgain };
}

export type AppointmentWrites = ReturnType<typeof useAppointmentWrites>;
