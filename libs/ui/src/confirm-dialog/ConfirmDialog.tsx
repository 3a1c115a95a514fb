import { Button, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** red confirm button for destructive actions */
  danger?: boolean;
  busy?: boolean;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A modal question with a cancel and a confirm button (deactivation, cancelling an organization). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Dialog.Root open={props.open} onOpenChange={(event) => (event.open ? undefined : props.onCancel())} role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="confirm-dialog">
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            {props.children ? <Dialog.Body>{props.children}</Dialog.Body> : null}
            <Dialog.Footer>
              <Button variant="outline" onClick={props.onCancel}>
                {props.cancelLabel}
              </Button>
              <Button
                data-testid="confirm-dialog-confirm"
                colorPalette={props.danger ? 'red' : 'brand'}
                loading={props.busy}
                disabled={props.confirmDisabled}
                onClick={props.onConfirm}
              >
                {props.confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
