import { useApiMutation } from '@pawline/api-client';
import type { AppointmentConflict } from '@pawline/contracts';
import { useEffect } from 'react';
import type { StoreParams } from '../api/scheduling-api';
import { useSettled } from '../dialogs/useCustomerPicker';

/** What the check route is asked: the appointment as the dialog has it (ADR 0044). */
export type CheckCandidate = {
  user_id: string | null;
  date: string;
  hour: number;
  min: number;
  duration: number;
  pet_ids: string[];
};

/** How long the dialog waits after the last change before asking (a typed time passes through half-values). */
export const CHECK_DELAY_MS = 300;

/**
 * The dialog's live collision check: the candidate is asked once it stopped changing, and only the answer to the
 * latest question shows (a mutation's state follows its last call). null: nothing to ask (an incomplete time).
 */
export function useConflictCheck(at: StoreParams, appointmentId: string | null, candidate: CheckCandidate | null) {
  const check = useApiMutation('checkAppointment', { notifyFailure: false });
  const key = useSettled(candidate ? JSON.stringify(candidate) : '', CHECK_DELAY_MS);
  const { mutate } = check;
  useEffect(() => {
    if (key) mutate({ params: at, body: { appointment_id: appointmentId, appointment: JSON.parse(key) as CheckCandidate } });
  }, [key, at, appointmentId, mutate]);
  const asked = check.variables ? JSON.stringify(check.variables.body.appointment) : null;
  // an answer about another candidate than the one shown is not shown
  const found: AppointmentConflict | null = key && asked === key && check.data ? check.data : null;
  return { found };
}
