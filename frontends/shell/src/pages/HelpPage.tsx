import { Card, Heading, Stack, Text } from '@chakra-ui/react';
// Only this lazy page uses Accordion: taken from its own entry, it stays out of the shared
// Chakra every page loads (safe in the shell, whose build provides that Chakra; see chakra-shared.ts).
import { Accordion } from '@chakra-ui/react/accordion';
import type { Namespace } from '@pawline/i18n';
import { CatalogueGate } from '@pawline/ui';
import { APP_VERSION } from '../app-version';
import { useI18n } from '../i18n/I18nProvider';

const TOPICS = ['SignIn', 'Calendar', 'Customers', 'Reminders', 'Team', 'Account'] as const;

// the support texts live in the settings namespace
const HELP_NAMESPACES: readonly Namespace[] = ['settings'];

/** /qa: help on signing in, the calendar, customers, reminders and the team; support Monday to Saturday (R9.11). */
export function HelpPage() {
  const { language, t } = useI18n();
  return (
    <CatalogueGate language={language} namespaces={HELP_NAMESPACES} loadingLabel={t('common.loading')}>
      <HelpContent />
    </CatalogueGate>
  );
}

function HelpContent() {
  const { t } = useI18n();
  return (
    <Card.Root maxW="3xl" mx="auto" data-testid="help-page">
      <Card.Body>
        <Stack gap="4">
          <Heading as="h2" size="lg">
            {t('common.help')}
          </Heading>
          <Text>{t('shell.helpIntro')}</Text>
          <Accordion.Root multiple defaultValue={['SignIn']} variant="enclosed">
            {TOPICS.map((topic) => (
              <Accordion.Item key={topic} value={topic} data-testid={`help-${topic}`}>
                <Accordion.ItemTrigger>
                  <Text flex="1" fontWeight="semibold">
                    {t(`shell.help${topic}Title`)}
                  </Text>
                  <Accordion.ItemIndicator />
                </Accordion.ItemTrigger>
                <Accordion.ItemContent>
                  <Accordion.ItemBody>
                    <Text whiteSpace="pre-line">{t(`shell.help${topic}Text`)}</Text>
                  </Accordion.ItemBody>
                </Accordion.ItemContent>
              </Accordion.Item>
            ))}
          </Accordion.Root>
          <Heading as="h3" size="md">
            {t('shell.helpSupportTitle')}
          </Heading>
          <Text data-testid="help-support">{t('settings.supportHours')}</Text>
          <Text>{t('settings.deleteAccountHint')}</Text>
          <Text fontSize="sm" color="fg.muted">
            {t('settings.appVersion', { version: APP_VERSION })}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
