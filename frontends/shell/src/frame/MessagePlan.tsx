import { outOfPlanDialog } from '@pawline/domain';
import { lazy, Suspense } from 'react';
import type { Translate } from '../i18n/translator';
import { useMessageCount } from './useMessageCount';

// The dialog (and Chakra's dialog parts) load only when there is something to show.
const MessagePlanDialog = lazy(() => import('./MessagePlanDialog').then((m) => ({ default: m.MessagePlanDialog })));

/** R4.10 R4.23 R8.09 the organization's message count: the out-of-plan dialog and the low-count warning. */
export function MessagePlan({
  orgaId,
  t,
  navigate,
  warn,
}: {
  orgaId: string;
  t: Translate;
  navigate: (to: string) => void;
  warn: (message: string) => void;
}) {
  const count = useMessageCount(orgaId, () => warn(t('shell.msgLowWarning')));
  const due = count !== null && outOfPlanDialog(count.tier, count.msg_left, new Date(), window.localStorage) !== null;
  return due ? (
    <Suspense fallback={null}>
      <MessagePlanDialog orgaId={orgaId} count={count} t={t} navigate={navigate} />
    </Suspense>
  ) : null;
}
