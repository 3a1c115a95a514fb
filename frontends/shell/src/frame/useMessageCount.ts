import { scheduleDailyJob } from '@pawline/domain';
import { useCallback, useEffect, useRef, useState } from 'react';

/** What the frame reads of GET /api/v1/orga/{orga}/msg/msg_left (R7.01). */
export type MessageCount = { tier: number; msg_left: number; warning: 'low' | 'plan_limit' | 'trial_limit' | null };

export type MessageCountOptions = {
  /** null while the organization is unknown */
  read: (() => Promise<MessageCount>) | null;
  /** R8.09 a freshly read count under 10 (a warn snackbar) */
  onLow: () => void;
  schedule?: typeof scheduleDailyJob;
};

/**
 * The organization's WhatsApp messages left: read on start, by the daily job at 12:30 local time
 * and every 24 hours after (R4.23), and again on `refresh` (a realtime change of the plan).
 */
export function useMessageCount({ read, onLow, schedule = scheduleDailyJob }: MessageCountOptions) {
  const [count, setCount] = useState<MessageCount | null>(null);
  const low = useRef(onLow);
  low.current = onLow;

  const refresh = useCallback(() => {
    if (!read) return;
    read().then(
      (fresh) => {
        setCount(fresh);
        // the dialog tells of an empty plan; the snackbar warns of a low one
        if (fresh.warning === 'low') low.current();
      },
      // a failed read keeps the last count: the next run tries again
      () => undefined,
    );
  }, [read]);

  useEffect(() => {
    if (!read) return undefined;
    refresh();
    return schedule(refresh);
  }, [read, refresh, schedule]);

  return { count, refresh };
}
