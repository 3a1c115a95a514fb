import { Button } from '@chakra-ui/react';
import { useApiMutation } from '@pawline/api-client';
import { keyOrText } from '@pawline/i18n';
import { SNACKBAR_TYPE } from '@pawline/ui';
import type { StoreParams } from '../api/scheduling-api';
import type { CalendarContext } from '../shared/calendar-context';

/**
 * Issue 27: the appointment dialog's "Send reminder now": messaging sends this appointment's reminder at once (the
 * salon's reminder template, the customer's language, Confirm and Decline for it). Its status then shows on the
 * card as a scheduled reminder's does; a refusal (no consent, template not approved) is said in the user's words.
 */
export function SendReminderNow({ ctx, at, appointmentId }: { ctx: CalendarContext; at: StoreParams; appointmentId: string }) {
  const send = useApiMutation('sendAppointmentReminder', {
    success: ctx.t('calendar.reminderQueued'),
    notifyFailure: false,
    // the reason is the appointment's field (no consent, template not approved): said rather than "some fields are invalid"
    // the field is a text key (validation.*, messages.reason_*)
    onError: (error) => {
      const field = error.fields?.['appointment_id'];
      ctx.bridge.notify(SNACKBAR_TYPE.error, field ? keyOrText(ctx.t, field) : error.message);
    },
  });
  return (
    <Button
      variant="outline"
      loading={send.isPending}
      disabled={send.isSuccess}
      onClick={() => send.mutate({ params: { orga: at.orga, store: at.store, appointment: appointmentId } })}
      data-testid="appointment-send-reminder"
    >
      {ctx.t('calendar.sendReminderNow')}
    </Button>
  );
}
