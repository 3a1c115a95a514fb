import { Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { useApiQuery, type ShellBridge } from '@pawline/api-client';
import { QueryState } from '@pawline/ui';
import { useMemo } from 'react';
import { settingsTranslator } from '../i18n/translator';
import { AccountCard } from './AccountCard';
import { EmailCard } from './EmailCard';
import { QrLoginCard } from './QrLoginCard';
import { RateCard } from './RateCard';
import { PasswordCard } from './PasswordCard';
import { PersonDataCard } from './PersonDataCard';

/** /user: person data, password, sessions and account (spec §2 'User page'). */
export function UserPage({ bridge }: { bridge: ShellBridge }) {
  const t = useMemo(() => settingsTranslator(bridge.language), [bridge.language]);
  // the shell's own query of the person: read again on arrival so the page edits what the server has now; the
  // cards' writes invalidate it, so the frame's name and this page follow together
  const user = useApiQuery('getUser', undefined, { refetchOnMount: 'always' });

  return (
    <Stack gap="6" maxW="5xl" data-testid="user-page">
      <Heading as="h2" size="2xl">
        {t('settings.userPageTitle')}
      </Heading>
      <QueryState query={user} language={bridge.language} errorTitle={t('settings.loadFailed')}>
        {(person) => (
          <>
            {/* the form starts again from the server's answer once it lands, not from the shell's cached person */}
            <PersonDataCard key={user.isFetchedAfterMount ? 'fresh' : 'cached'} bridge={bridge} user={person} t={t} />
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
              <PasswordCard t={t} />
              <EmailCard user={person} t={t} />
              <QrLoginCard bridge={bridge} t={t} />
              <RateCard bridge={bridge} t={t} />
              <AccountCard bridge={bridge} t={t} />
            </SimpleGrid>
          </>
        )}
      </QueryState>
    </Stack>
  );
}
