import { Button, Code, HStack, Stack, Text } from '@chakra-ui/react';
import type { ShellBridge } from '@pawline/api-client';
import { ConfirmDialog, SNACKBAR_TYPE } from '@pawline/ui';
import type { Translate } from '../i18n/translator';

/**
 * A secret the server shows only once (an API key, a webhook's signing secret): the dialog that shows it
 * with a copy button, says whether the copy worked, and closes on "I have copied it" or Close. The page
 * decides what `text` says; the test ids are `{testId}`, `{testId}-value` and `copy-{copyTestId}`.
 */
export function SecretShownOnce({
  t,
  bridge,
  secret,
  title,
  text,
  copied,
  testId,
  copyTestId,
  onClose,
}: {
  t: Translate;
  bridge: ShellBridge;
  /** null: closed */
  secret: string | null;
  title: string;
  text: string;
  /** the snackbar once the secret is on the clipboard */
  copied: string;
  testId: string;
  copyTestId: string;
  onClose: () => void;
}) {
  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      bridge.notify(SNACKBAR_TYPE.success, copied);
    } catch {
      bridge.notify(SNACKBAR_TYPE.error, t('settings.apiKeyCopyFailed'));
    }
  };
  return (
    <ConfirmDialog
      open={secret !== null}
      title={title}
      confirmLabel={t('settings.apiKeyCopiedDone')}
      cancelLabel={t('common.close')}
      onConfirm={onClose}
      onCancel={onClose}
    >
      <Stack gap="3" data-testid={testId}>
        <Text>{text}</Text>
        <HStack gap="2" align="center">
          <Code data-testid={`${testId}-value`} wordBreak="break-all" px="2" py="1">
            {secret}
          </Code>
          <Button size="sm" variant="outline" data-testid={`copy-${copyTestId}`} onClick={() => secret !== null && void copy(secret)}>
            {t('settings.apiKeyCopy')}
          </Button>
        </HStack>
      </Stack>
    </ConfirmDialog>
  );
}
