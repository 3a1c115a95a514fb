import { useApiQuery } from '@pawline/api-client';
import { scheduleDailyJob } from '@pawline/domain';
import { useEffect, useRef } from 'react';

/**
 * The organization's WhatsApp messages left (GET …/msg/msg_left, R7.01), a query of the shell's client:
 * read on start, by the daily job at 12:30 local time and every 24 hours after (R4.23), and whenever the
 * realtime table invalidates it (a plan change, a queued reminder). `onLow` hears each fresh answer under 10 (R8.09).
 */
export function useMessageCount(orgaId: string, onLow: () => void, schedule: typeof scheduleDailyJob = scheduleDailyJob) {
  const count = useApiQuery('getMessageQuota', { params: { orga: orgaId } });
  const { refetch, data, dataUpdatedAt } = count;
  const low = useRef(onLow);
  low.current = onLow;
  useEffect(() => schedule(() => void refetch()), [schedule, refetch]);
  // the dialog tells of an empty plan; the snackbar warns of a low one, once per answer read
  useEffect(() => {
    if (data?.warning === 'low') low.current();
  }, [data, dataUpdatedAt]);
  return data ?? null;
}
