import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { ConfirmDialog } from '@pawline/ui';
import { useState, type ReactNode } from 'react';
import type { Translate } from '../i18n/translator';

/**
 * The top of a customer or pet editor: the way back, the title, the page's own actions, delete
 * (once it exists) behind a confirmation, and save.
 */
export function EditorHeader({
  back,
  title,
  actions,
  remove,
  busy,
  onSave,
  saveTestId,
  t,
}: {
  back: ReactNode;
  title: string;
  actions?: ReactNode;
  /** Null for a new one: nothing to delete yet. */
  remove: { label: string; question: string; hint?: string; onConfirm: () => void } | null;
  busy: boolean;
  onSave: () => void;
  saveTestId: string;
  t: Translate;
}) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  return (
    <HStack justify="space-between" wrap="wrap">
      <Stack gap="0">
        {back}
        <Heading size="lg">{title}</Heading>
      </Stack>
      <HStack>
        {actions}
        {remove ? (
          <Button variant="outline" colorPalette="red" onClick={() => setConfirmDelete(true)}>
            {remove.label}
          </Button>
        ) : null}
        <Button colorPalette="brand" loading={busy} onClick={onSave} data-testid={saveTestId}>
          {t('clients.save')}
        </Button>
      </HStack>
      <ConfirmDialog
        open={confirmDelete}
        title={remove?.question ?? ''}
        confirmLabel={t('clients.delete')}
        cancelLabel={t('clients.cancel')}
        danger
        busy={busy}
        onConfirm={() => remove?.onConfirm()}
        onCancel={() => setConfirmDelete(false)}
      >
        {remove?.hint ? <Text>{remove.hint}</Text> : null}
      </ConfirmDialog>
    </HStack>
  );
}
