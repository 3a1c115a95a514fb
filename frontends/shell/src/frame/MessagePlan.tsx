import { API_ROUTES, type ApiClient, type RealtimeMessage } from '@pawline/api-client';
import { outOfPlanDialog } from '@pawline/domain';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import type { Translate } from '../i18n/translator';
import { useMessageCount } from './useMessageCount';

// The dialog (and Chakra's dialog parts) load only when there is something to show.
const MessagePlanDialog = lazy(() => import('./MessagePlanDialog').then((m) => ({ default: m.MessagePlanDialog })));

// Realtime scopes after which the count is read again: a plan change, or messaging's own quota news.
const COUNT_SCOPES: ReadonlySet<string> = new Set(['subscription', 'quota']);

/** R4.10 R4.23 R8.09 the organization's message count: the out-of-plan dialog and the low-count warning. */
export function MessagePlan({
  api,
  orgaId,
  t,
  navigate,
  warn,
  subscribe,
}: {
  api: Pick<ApiClient, 'request'>;
  orgaId: string;
  t: Translate;
  navigate: (to: string) => void;
  warn: (message: string) => void;
  subscribe: (listener: (message: RealtimeMessage) => void) => () => void;
}) {
  const read = useMemo(() => () => api.request(API_ROUTES.getMessageQuota, { params: { orga: orgaId } }), [api, orgaId]);
  const { count, refresh } = useMessageCount({ read, onLow: () => warn(t('shell.msgLowWarning')) });
  useEffect(() => subscribe((message) => COUNT_SCOPES.has(message.scope) && refresh()), [subscribe, refresh]);
  const due = count !== null && outOfPlanDialog(count.tier, count.msg_left, new Date(), window.localStorage) !== null;
  return due ? (
    <Suspense fallback={null}>
      <MessagePlanDialog orgaId={orgaId} count={count} t={t} navigate={navigate} />
    </Suspense>
  ) : null;
}
