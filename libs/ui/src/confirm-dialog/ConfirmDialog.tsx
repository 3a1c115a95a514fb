import type { ReactNode } from 'react';
import { DialogFrame } from '../dialog-frame/DialogFrame';

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
    <DialogFrame
      open={props.open}
      role="alertdialog"
      title={props.title}
      testId="confirm-dialog"
      cancelLabel={props.cancelLabel}
      onCancel={props.onCancel}
      confirm={{
        label: props.confirmLabel,
        testId: 'confirm-dialog-confirm',
        danger: props.danger,
        busy: props.busy,
        disabled: props.confirmDisabled,
        onClick: props.onConfirm,
      }}
    >
      {props.children}
    </DialogFrame>
  );
}
