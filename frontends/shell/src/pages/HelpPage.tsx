import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import { APP_VERSION } from '../app-version';
import { useI18n } from '../i18n/I18nProvider';

/** /qa: how to reach support (Monday to Saturday, R9.11) and the app version. */
export function HelpPage() {
  const { t } = useI18n();
  return (
    <Card.Root maxW="2xl" mx="auto" data-testid="help-page">
      <Card.Body>
        <Stack gap="3">
          <Heading as="h2" size="lg">
            {t('common.help')}
          </Heading>
          <Text>{t('settings.supportHours')}</Text>
          <Text>{t('settings.deleteAccountHint')}</Text>
          <Text fontSize="sm" color="fg.muted">
            {t('settings.appVersion', { version: APP_VERSION })}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
