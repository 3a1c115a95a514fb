import { Button, Card, CloseButton, Heading, HStack, Text } from '@chakra-ui/react';
import { apiQueryFilter, useApiMutation, type PersonUser } from '@pawline/api-client';
import { useState } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../i18n/I18nProvider';

/** Issue 29: the card is for the owner who set the organization up, once, whatever the device. */
export function showsWelcome(user: Pick<PersonUser, 'welcome_seen'>, owner: boolean): boolean {
  return owner && user.welcome_seen !== true;
}

/**
 * R2.12 the welcome dialog on the first sign-in. Non-modal (a card in the corner) so it never
 * stands between a new user and the screen behind it. Issue 29: only the owner sees it, and once
 * closed it stays closed on every device (identity keeps it; a failed save shows it again later).
 */
export function WelcomeDialog({ user, owner, adminSettingsHref }: { user: PersonUser; owner: boolean; adminSettingsHref: string | null }) {
  const { t } = useI18n();
  const [closed, setClosed] = useState(false);
  const seen = useApiMutation('markWelcomeSeen', { invalidates: [apiQueryFilter('getUser')], notifyFailure: false });
  if (closed || !showsWelcome(user, owner)) return null;
  const close = () => {
    setClosed(true);
    seen.mutate({});
  };
  return (
    <Card.Root
      role="dialog"
      aria-modal="false"
      aria-labelledby="welcome-title"
      data-testid="welcome-dialog"
      position="fixed"
      right={{ base: '2', md: '6' }}
      bottom={{ base: '2', md: '6' }}
      maxW="sm"
      zIndex={20}
      boxShadow="lg"
    >
      <Card.Header>
        <HStack justify="space-between" align="flex-start">
          <Heading id="welcome-title" size="md">
            {t('shell.welcomeTitle')}
          </Heading>
          <CloseButton size="sm" aria-label={t('common.close')} onClick={close} data-testid="welcome-close" />
        </HStack>
      </Card.Header>
      <Card.Body>
        <Text>{t('shell.welcomeText')}</Text>
      </Card.Body>
      <Card.Footer gap="2">
        {adminSettingsHref ? (
          <Button asChild variant="outline" colorPalette="brand" onClick={close}>
            <Link to={adminSettingsHref}>{t('shell.welcomeTeam')}</Link>
          </Button>
        ) : null}
        <Button colorPalette="brand" onClick={close}>
          {t('shell.welcomeStart')}
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
