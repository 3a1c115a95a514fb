import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ShellBridge } from '@pawline/api-client';
import { CatalogueGate, ErrorPage } from '@pawline/ui';
import { useMemo } from 'react';
import { Route, Routes } from 'react-router';
import { MESSAGES_NAMESPACES, messagesTranslator, type Translate } from './i18n/translator';

function HomePage({ bridge, t }: { bridge: ShellBridge; t: Translate }) {
  const title = t('messages.title');
  return (
    <Stack gap="3" data-testid="messages-page">
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      <Text>{t('messages.welcome', { name: bridge.user.first_name })}</Text>
      {bridge.orga ? <Text>{t('messages.intro', { title, orga: bridge.orga.name })}</Text> : null}
    </Stack>
  );
}

/** Exposed as 'messages/routes'; the shell mounts it at /:orgaId/store/:storeId/messages/*. */
export function MessagesRoutes(bridge: ShellBridge) {
  const t = useMemo(() => messagesTranslator(bridge.language), [bridge.language]);
  return (
    <CatalogueGate language={bridge.language} namespaces={MESSAGES_NAMESPACES}>
      <Routes>
        <Route index element={<HomePage bridge={bridge} t={t} />} />
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
    </CatalogueGate>
  );
}
