import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { Translate } from '../i18n/translator';
import type { Payment } from './billing-api';
import { euros } from './billing-form';

export type PaymentView = { id: string; status: Payment['status']; amount_cents: number | null };

/**
 * A payment's state: pending (the sandbox provider's page: the person completes or fails it), paid or failed.
 */
export function PaymentPanel({
  payment,
  busy,
  onConfirm,
  t,
}: {
  payment: PaymentView;
  busy: boolean;
  onConfirm: (outcome: 'succeeded' | 'failed') => void;
  t: Translate;
}) {
  const amount = payment.amount_cents === null ? '' : euros(payment.amount_cents);
  if (payment.status === 'succeeded')
    return (
      <Box
        role="status"
        borderWidth="1px"
        borderColor="green.300"
        bg="green.50"
        rounded="md"
        p="3"
        data-testid="payment-state"
        data-state="paid"
      >
        <Text fontWeight="semibold">{t('settings.paymentPaid', { amount })}</Text>
      </Box>
    );
  if (payment.status === 'failed')
    return (
      <Box
        role="alert"
        borderWidth="1px"
        borderColor="red.300"
        bg="red.50"
        rounded="md"
        p="3"
        data-testid="payment-state"
        data-state="failed"
      >
        <Text fontWeight="semibold">{t('settings.paymentFailed')}</Text>
      </Box>
    );
  return (
    <Box
      role="status"
      borderWidth="1px"
      borderColor="orange.300"
      bg="orange.50"
      rounded="md"
      p="3"
      data-testid="payment-state"
      data-state="pending"
    >
      <Stack gap="2">
        <Text fontWeight="semibold">{amount ? t('settings.paymentPendingAmount', { amount }) : t('settings.paymentPending')}</Text>
        <Text>{t('settings.paymentSandboxHint')}</Text>
        <HStack gap="2" wrap="wrap">
          <Button size="sm" colorPalette="green" loading={busy} data-testid="payment-complete" onClick={() => onConfirm('succeeded')}>
            {t('settings.paymentComplete')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            disabled={busy}
            data-testid="payment-fail"
            onClick={() => onConfirm('failed')}
          >
            {t('settings.paymentFail')}
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}
