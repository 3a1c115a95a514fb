import { Button, Text } from '@chakra-ui/react';
import { closeOutOfPlanDialog, outOfPlanDialog, type StorageLike } from '@pawline/domain';
import { DialogFrame } from '@pawline/ui';
import { useEffect, useState } from 'react';
import type { Translate } from '../i18n/translator';

export type MessagePlanDialogProps = {
  orgaId: string;
  /** the organization's tier and WhatsApp messages left (msg_left), null until read */
  count: { tier: number; msg_left: number } | null;
  t: Translate;
  navigate: (to: string) => void;
  storage?: StorageLike;
  now?: () => Date;
};

/**
 * R4.10 R8.09 the out-of-plan WhatsApp message dialog: when no message is left. The trial sees it
 * once, paid tiers but 1 once a month; tiers above 1 are offered 'Update plan'.
 */
export function MessagePlanDialog({
  orgaId,
  count,
  t,
  navigate,
  storage = window.localStorage,
  now = () => new Date(),
}: MessagePlanDialogProps) {
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const dialog = count === null ? null : outOfPlanDialog(count.tier, count.msg_left, now(), storage);
  // a new period (another month, a refreshed count) may open it again
  useEffect(() => {
    if (dialog && closedFor !== null && closedFor !== dialog.storageKey) setClosedFor(null);
  }, [dialog, closedFor]);
  if (!dialog || closedFor === dialog.storageKey) return null;
  const close = () => {
    closeOutOfPlanDialog(dialog, now(), storage);
    setClosedFor(dialog.storageKey);
  };
  return (
    <DialogFrame
      title={t('shell.msgOutTitle')}
      testId="msg-out-dialog"
      cancelLabel={t('common.close')}
      onCancel={close}
      extraActions={
        dialog.updatePlan ? (
          <Button
            colorPalette="brand"
            data-testid="msg-out-update-plan"
            onClick={() => {
              close();
              navigate(`/${orgaId}/adminV2/plan`);
            }}
          >
            {t('shell.msgOutUpdatePlan')}
          </Button>
        ) : null
      }
    >
      <Text>{dialog.reason === 'trial' ? t('shell.msgOutTrialText') : t('shell.msgOutText')}</Text>
      {dialog.reason === 'plan' ? (
        <Text mt="2" fontSize="sm" color="fg.muted">
          {t('shell.msgPlanLimit')}
        </Text>
      ) : null}
    </DialogFrame>
  );
}
