import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useApiMutation, type ShellBridge } from '@pawline/api-client';
import type { Translate } from '../i18n/translator';

/** Logging out of all devices, account deletion through support (R1.16) and the app version (R9.11). */
export function AccountCard({ bridge, t }: { bridge: ShellBridge; t: Translate }) {
  // every session of the person ends, this one too: the shell forgets it and goes to / (a failure: the error snackbar)
  const logoutAll = useApiMutation('logoutAll', { success: t('settings.logoutAllDone'), onSuccess: () => bridge.signedOut() });
  const busy = logoutAll.isPending || logoutAll.isSuccess;

  const logoutEverywhere = () => {
    if (!window.confirm(t('settings.logoutAllConfirm'))) return;
    logoutAll.mutate({});
  };

  return (
    <Card.Root data-testid="account">
      <Card.Header>
        <Heading size="md">{t('settings.accountTitle')}</Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <Stack gap="2">
            <Text>{t('settings.logoutAllHint')}</Text>
            <Button
              variant="outline"
              colorPalette="red"
              alignSelf="flex-start"
              loading={busy}
              onClick={logoutEverywhere}
              data-testid="logout-all"
            >
              {t('settings.logoutAll')}
            </Button>
          </Stack>
          <Stack gap="1">
            <Heading size="sm">{t('settings.deleteAccount')}</Heading>
            <Text data-testid="account-deletion">{t('settings.deleteAccountHint')}</Text>
          </Stack>
          <Text fontSize="sm" color="fg.muted" data-testid="app-version">
            {t('settings.appVersion', { version: bridge.appVersion })}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
