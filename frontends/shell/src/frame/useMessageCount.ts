import { planWarning, scheduleDailyJob, type PlanWarning } from '@pawline/domain';
import { useCallback, useEffect, useRef, useState } from 'react';

export type MessageCountOptions = {
  /** GET /api/v1/orga/{orga}/msg/msg_left (R7.01); null while the organization is unknown */
  read: (() => Promise<number>) | null;
  tier: number;
  /** the plan warning of a freshly read count (R8.09), e.g. as a warn snackbar */
  onWarning: (warning: PlanWarning) => void;
  schedule?: typeof scheduleDailyJob;
};

/**
 * The organization's WhatsApp messages left: read on start, by the daily job at 12:30 local time
 * and every 24 hours after (R4.23), and again when `refresh` is called (a realtime change).
 */
export function useMessageCount({ read, tier, onWarning, schedule = scheduleDailyJob }: MessageCountOptions) {
  const [msgLeft, setMsgLeft] = useState<number | null>(null);
  const warn = useRef(onWarning);
  warn.current = onWarning;
  const tierRef = useRef(tier);
  tierRef.current = tier;

  const refresh = useCallback(() => {
    if (!read) return;
    read().then(
      (left) => {
        setMsgLeft(left);
        const warning = planWarning(tierRef.current, left);
        // the dialog tells of an empty plan; the snackbar warns of a low one
        if (warning === 'low') warn.current(warning);
      },
      // a failed read leaves the last count: the next run tries again
      () => undefined,
    );
  }, [read]);

  useEffect(() => {
    if (!read) return undefined;
    refresh();
    return schedule(refresh);
  }, [read, refresh, schedule]);

  return { msgLeft, refresh };
}
