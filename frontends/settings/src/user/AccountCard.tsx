import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import type { ShellBridge } from '@pawline/api-client';
import { useState } from 'react';
import type { Translate } from '../i18n/translator';

/** Logging out of all devices, account deletion through support (R1.16) and the app version (R9.11). */
export function AccountCard({ bridge, t }: { bridge: ShellBridge; t: Translate }) {
  const [busy, setBusy] = useState(false);

  const logoutEverywhere = () => {
    if (!window.confirm(t('settings.logoutAllConfirm'))) return;
    setBusy(true);
    bridge.api
      .logoutAll()
      .then(() => {
        bridge.notify(2, t('settings.logoutAllDone'));
        bridge.signedOut();
      })
      .catch((error: unknown) => {
        bridge.notify(0, error instanceof Error ? error.message : String(error));
        setBusy(false);
      });
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
