import { Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import type { PersonUser, ShellBridge } from '@pawline/api-client';
import { ErrorState, LoadingState } from '@pawline/ui';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { settingsTranslator } from '../i18n/translator';
import { AccountCard } from './AccountCard';
import { EmailCard } from './EmailCard';
import { QrLoginCard } from './QrLoginCard';
import { RateCard } from './RateCard';
import { PasswordCard } from './PasswordCard';
import { PersonDataCard } from './PersonDataCard';

type Load = { status: 'loading' } | { status: 'ready'; user: PersonUser } | { status: 'failed'; message: string };

/** /user: person data, password, sessions and account (spec §2 'User page'). */
export function UserPage({ bridge }: { bridge: ShellBridge }) {
  const t = useMemo(() => settingsTranslator(bridge.language), [bridge.language]);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const { api } = bridge;

  // The page reads the person data afresh so it edits what the server has now.
  const fetchUser = useCallback(() => {
    setLoad({ status: 'loading' });
    api.getUser().then(
      (user) => setLoad({ status: 'ready', user }),
      (error: unknown) => setLoad({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  }, [api]);

  useEffect(() => fetchUser(), [fetchUser]);

  return (
    <Stack gap="6" maxW="5xl" data-testid="user-page">
      <Heading as="h2" size="2xl">
        {t('settings.userPageTitle')}
      </Heading>
      {load.status === 'loading' ? <LoadingState label={t('common.loading')} /> : null}
      {load.status === 'failed' ? (
        <ErrorState title={t('settings.loadFailed')} message={load.message} retryLabel={t('common.retry')} onRetry={fetchUser} />
      ) : null}
      {load.status === 'ready' ? (
        <>
          <PersonDataCard bridge={bridge} user={load.user} t={t} onSaved={(user) => setLoad({ status: 'ready', user })} />
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
            <PasswordCard bridge={bridge} t={t} />
            <EmailCard
              bridge={bridge}
              user={load.user}
              t={t}
              onRequested={(pending) => setLoad({ status: 'ready', user: { ...load.user, pending_email: pending } })}
            />
            <QrLoginCard bridge={bridge} t={t} />
            <RateCard bridge={bridge} t={t} />
            <AccountCard bridge={bridge} t={t} />
          </SimpleGrid>
        </>
      ) : null}
    </Stack>
  );
}
