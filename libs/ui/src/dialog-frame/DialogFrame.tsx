import { Button, Portal, type DialogRootProps } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react/dialog';
import type { ReactNode } from 'react';

/** The footer's main button; left out for dialogs whose choices live in the body. */
export type DialogFrameConfirm = {
  label: string;
  testId: string;
  onClick: () => void;
  /** red button for destructive actions */
  danger?: boolean;
  /** shows the button's spinner while the action runs */
  busy?: boolean;
  disabled?: boolean;
  /** 'outline' for a secondary main action (default: solid) */
  variant?: 'solid' | 'outline';
};

export type DialogFrameProps = {
  /** defaults to true: most callers mount the frame only while it is open */
  open?: boolean;
  title: string;
  /** data-testid of the dialog's content */
  testId: string;
  /** 'alertdialog' for questions: no close on an outside click, focus on the close trigger */
  role?: 'dialog' | 'alertdialog';
  size?: DialogRootProps['size'];
  scrollBehavior?: DialogRootProps['scrollBehavior'];
  cancelLabel: string;
  cancelVariant?: 'outline' | 'ghost';
  /** the cancel button, Escape and (for role 'dialog') an outside click */
  onCancel: () => void;
  confirm?: DialogFrameConfirm;
  /** further buttons, in the footer before cancel (delete, check-out …); the footer wraps */
  extraActions?: ReactNode;
  /** the body; without children the dialog has no body */
  children?: ReactNode;
};

/**
 * The size on each screen: a dialog ('dialog') fills a phone's screen (below Chakra's md breakpoint,
 * issue 16) and has its own size from md up; a question ('alertdialog') stays a centred box.
 */
export function responsiveDialogSize(role: 'dialog' | 'alertdialog', size: DialogRootProps['size']): DialogRootProps['size'] {
  if (role === 'alertdialog') return size;
  return { base: 'full', md: size ?? 'md' };
}

/** A modal with a title, an optional body and a footer with cancel and an optional confirm button. */
export function DialogFrame({
  open = true,
  title,
  testId,
  role = 'dialog',
  size,
  scrollBehavior,
  cancelLabel,
  cancelVariant = 'outline',
  onCancel,
  confirm,
  extraActions,
  children,
}: DialogFrameProps) {
  return (
    <Dialog.Root
      open={open}
      role={role}
      size={responsiveDialogSize(role, size)}
      scrollBehavior={role === 'dialog' ? (scrollBehavior ?? 'inside') : scrollBehavior}
      onOpenChange={(event) => (event.open ? undefined : onCancel())}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children ? <Dialog.Body>{children}</Dialog.Body> : null}
            <Dialog.Footer flexWrap="wrap">
              {extraActions}
              <Button variant={cancelVariant} onClick={onCancel}>
                {cancelLabel}
              </Button>
              {confirm ? (
                <Button
                  data-testid={confirm.testId}
                  variant={confirm.variant}
                  colorPalette={confirm.danger ? 'red' : 'brand'}
                  loading={confirm.busy}
                  disabled={confirm.disabled}
                  onClick={confirm.onClick}
                >
                  {confirm.label}
                </Button>
              ) : null}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
