import { API_ROUTES, type ApiClient, type RealtimeMessage } from '@pawline/api-client';
import { useEffect, useMemo } from 'react';
import type { Translate } from '../i18n/translator';
import { MessagePlanDialog } from './MessagePlanDialog';
import { useMessageCount } from './useMessageCount';

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
  return <MessagePlanDialog orgaId={orgaId} count={count} t={t} navigate={navigate} />;
}
