import { Button, Card, CloseButton, Heading, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../i18n/I18nProvider';
import { rememberWelcomeClosed, shouldShowWelcome } from './frame-memory';

/**
 * R2.12 the welcome dialog on the first sign-in, kept closed locally once closed. Non-modal
 * (a card in the corner) so it never stands between a new user and the screen behind it.
 */
export function WelcomeDialog({ userId, adminSettingsHref }: { userId: string; adminSettingsHref: string | null }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(() => shouldShowWelcome(window.localStorage, userId));
  if (!open) return null;
  const close = () => {
    rememberWelcomeClosed(window.localStorage, userId);
    setOpen(false);
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
