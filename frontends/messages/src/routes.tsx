import { Box, HStack, Stack } from '@chakra-ui/react';
import type { ShellBridge } from '@pawline/api-client';
import { canWriteStore, isOrgaAdmin, type OrgaMember } from '@pawline/domain';
import { CatalogueGate, ErrorPage } from '@pawline/ui';
import { useMemo } from 'react';
import { matchPath, NavLink, Route, Routes, useLocation } from 'react-router';
import { createMessagesApi } from './api/messages-api';
import { ConversationPage } from './conversation/ConversationPage';
import { MESSAGES_NAMESPACES, messagesTranslator, type Translate } from './i18n/translator';
import { InboxPage } from './inbox/InboxPage';
import { WhatsappProfilePage } from './profile/WhatsappProfilePage';
import { ReminderSettingsPage } from './settings/ReminderSettingsPage';
import type { MessagesContext } from './shared/messages-context';
import { TemplatesPage } from './templates/TemplatesPage';

export const MESSAGES_BASE = '/:orgaId/store/:storeId/messages';

/** The signed-in user's membership as the permission rules of libs/domain read it. */
function memberOf(bridge: ShellBridge): OrgaMember | null {
  const user = bridge.orga?.users.find((u) => u.user_id === bridge.user.id);
  if (!user) return null;
  return { orga_rank: user.orga_rank, employee_status: user.employee_status, store_overrides: user.store_override, active: user.active };
}

/** Exposed as 'messages/routes'; the shell mounts it at /:orgaId/store/:storeId/messages/*. */
export function MessagesRoutes(bridge: ShellBridge) {
  return (
    <CatalogueGate language={bridge.language} namespaces={MESSAGES_NAMESPACES}>
      <MessagesPages {...bridge} />
    </CatalogueGate>
  );
}

function MessagesPages(bridge: ShellBridge) {
  const location = useLocation();
  const t = useMemo(() => messagesTranslator(bridge.language), [bridge.language]);
  const params = matchPath({ path: `${MESSAGES_BASE}/*`, end: false }, location.pathname)?.params;
  const orgaId = params?.orgaId ?? '';
  const storeId = params?.storeId ?? '';
  const ctx = useMemo<MessagesContext>(() => {
    const member = memberOf(bridge);
    const orga = bridge.orga;
    return {
      bridge,
      api: createMessagesApi({ api: bridge.api, language: bridge.language }, orgaId, storeId),
      t,
      orgaId,
      storeId,
      admin: member !== null && isOrgaAdmin(member),
      canReply:
        member !== null &&
        orga !== null &&
        orga !== undefined &&
        canWriteStore(member, storeId, {
          read_store: orga.min_rank_read_store,
          write_store: orga.min_rank_write_store,
          read_pets: orga.min_rank_read_pets,
          write_pets: orga.min_rank_write_pets,
        }),
      now: () => new Date(),
    };
  }, [bridge, t, orgaId, storeId]);

  return (
    <Stack gap="4">
      <MessagesTabs t={t} base={`/${orgaId}/store/${storeId}/messages`} />
      <Routes>
        <Route index element={<InboxPage key={`${orgaId}/${storeId}`} ctx={ctx} />} />
        <Route path="customer/:customerId" element={<CustomerConversation ctx={ctx} />} />
        <Route path="templates" element={<TemplatesPage ctx={ctx} />} />
        <Route path="settings" element={<ReminderSettingsPage ctx={ctx} />} />
        <Route path="profile" element={<WhatsappProfilePage ctx={ctx} />} />
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
] as const;

// Whole paths: a relative link inside the shell's splat route would resolve against the splat.
function MessagesTabs({ t, base }: { t: Translate; base: string }) {
  return (
    <HStack as="nav" aria-label={t('messages.title')} gap="1" borderBottomWidth="1px" data-testid="messages-tabs" overflowX="auto">
      {TABS.map((tab) => (
        <NavLink key={tab.id} to={`${base}${tab.to}`} end={tab.id === 'inbox'} data-testid={`tab-${tab.id}`}>
          {({ isActive }) => (
            <Box
              px="3"
              py="2"
              fontWeight={isActive ? 'bold' : 'normal'}
              borderBottomWidth="2px"
              borderColor={isActive ? 'brand.500' : 'transparent'}
              aria-current={isActive ? 'page' : undefined}
            >
              {t(tab.key)}
            </Box>
          )}
        </NavLink>
      ))}
    </HStack>
  );
}
