import { Stack } from '@chakra-ui/react';
import { RemoteApiProvider, type ShellBridge } from '@pawline/api-client';
import { canWriteStore, isOrgaAdmin, minRanksOf, orgaMemberOf } from '@pawline/domain';
import { CatalogueGate, ErrorPage, RemoteTabs, snackbarFeedback } from '@pawline/ui';
import { useMemo } from 'react';
import { matchPath, Route, Routes, useLocation } from 'react-router';
import { ConversationPage } from './conversation/ConversationPage';
import { MESSAGES_NAMESPACES, messagesTranslator } from './i18n/translator';
import { InboxPage } from './inbox/InboxPage';
import { WhatsappProfilePage } from './profile/WhatsappProfilePage';
import { ReminderSettingsPage } from './settings/ReminderSettingsPage';
import type { MessagesContext } from './shared/messages-context';
import { TemplatesPage } from './templates/TemplatesPage';
import { WhatsappConnectPage } from './whatsapp/WhatsappConnectPage';

export const MESSAGES_BASE = '/:orgaId/store/:storeId/messages';

/** Exposed as 'messages/routes'; the shell mounts it at /:orgaId/store/:storeId/messages/*. */
export function MessagesRoutes(bridge: ShellBridge) {
  // the data layer over the bridge: the shell's QueryClient and session, writes answered by snackbars
  const feedback = useMemo(() => snackbarFeedback(bridge), [bridge]);
  return (
    <RemoteApiProvider bridge={bridge} feedback={feedback}>
      <CatalogueGate language={bridge.language} namespaces={MESSAGES_NAMESPACES}>
        <MessagesPages {...bridge} />
      </CatalogueGate>
    </RemoteApiProvider>
  );
}

function MessagesPages(bridge: ShellBridge) {
  const location = useLocation();
  const t = useMemo(() => messagesTranslator(bridge.language), [bridge.language]);
  const params = matchPath({ path: `${MESSAGES_BASE}/*`, end: false }, location.pathname)?.params;
  const orgaId = params?.orgaId ?? '';
  const storeId = params?.storeId ?? '';
  const ctx = useMemo<MessagesContext>(() => {
    const member = orgaMemberOf(bridge.orga, bridge.user.id);
    const orga = bridge.orga;
    return {
      bridge,
      t,
      orgaId,
      storeId,
      admin: member !== null && isOrgaAdmin(member),
      canReply: member !== null && orga !== null && orga !== undefined && canWriteStore(member, storeId, minRanksOf(orga)),
      now: () => new Date(),
    };
  }, [bridge, t, orgaId, storeId]);

  return (
    <Stack gap="4">
      <RemoteTabs
        tabs={TABS.map((tab) => ({ id: tab.id, to: tab.to, label: t(tab.key) }))}
        label={t('messages.title')}
        testId="messages-tabs"
        base={`/${orgaId}/store/${storeId}/messages`}
      />
      <Routes>
        <Route index element={<InboxPage key={`${orgaId}/${storeId}`} ctx={ctx} />} />
        <Route path="customer/:customerId" element={<CustomerConversation ctx={ctx} />} />
        <Route path="templates" element={<TemplatesPage ctx={ctx} />} />
        <Route path="settings" element={<ReminderSettingsPage ctx={ctx} />} />
        <Route path="profile" element={<WhatsappProfilePage ctx={ctx} />} />
        <Route path="whatsapp" element={<WhatsappConnectPage ctx={ctx} />} />
        <Route
          path="*"
          element={
            <ErrorPage
              status={404}
              texts={{ notFound: t('shell.error404'), other: t('shell.errorGeneric'), home: t('shell.errorHomeLink') }}
            />
          }
        />
      </Routes>
    </Stack>
  );
}

function CustomerConversation({ ctx }: { ctx: MessagesContext }) {
  const location = useLocation();
  const customerId = matchPath({ path: `${MESSAGES_BASE}/customer/:customerId`, end: true }, location.pathname)?.params.customerId ?? '';
  return <ConversationPage key={customerId} ctx={ctx} customerId={customerId} />;
}

const TABS = [
  { id: 'inbox', to: '', key: 'messages.tabInbox' },
  { id: 'templates', to: '/templates', key: 'messages.tabTemplates' },
  { id: 'settings', to: '/settings', key: 'messages.tabSettings' },
  { id: 'profile', to: '/profile', key: 'messages.tabProfile' },
  { id: 'whatsapp', to: '/whatsapp', key: 'messages.tabWhatsapp' },
] as const;
