import { Button, Portal } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react/dialog';
import type { FormEvent, ReactNode } from 'react';

type Props = {
  title: string;
  testId: string;
  saveLabel: string;
  cancelLabel: string;
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
};

/** A modal form; closing with unsaved changes is asked by the caller (R5.15). */
export function FormDialog({ title, testId, saveLabel, cancelLabel, busy, onSubmit, onClose, children }: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog.Root open size="lg" scrollBehavior="inside" onOpenChange={(event) => (event.open ? undefined : onClose())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <form onSubmit={submit} noValidate style={{ display: 'contents' }}>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{children}</Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {cancelLabel}
                </Button>
                <Button type="submit" colorPalette="brand" loading={busy} data-testid={`${testId}-save`}>
                  {saveLabel}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
