import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { apiQueryFilter, useApiMutation, useApiQuery } from '@pawline/api-client';
import type { StoreParams } from '../api/scheduling-api';
import type { CalendarContext } from '../shared/calendar-context';

type Props = { ctx: CalendarContext; at: StoreParams; customerId: string };

/**
 * Issue 31 the appointment dialog says when the customer has not accepted the store's current agreement (never, or
 * an older version only) and makes the signed link staff send the customer. Nothing shows when all is in order or
 * the store has no agreement; a failed read shows nothing either (the dialog's work goes on without it).
 */
export function AgreementNotice({ ctx, at, customerId }: Props) {
  const { t } = ctx;
  const params = { ...at, customer: customerId };
  const state = useApiQuery('getCustomerAgreement', { params });
  const link = useApiMutation('createAgreementLink', { invalidates: [apiQueryFilter('getCustomerAgreement', params)] });
  const answer = state.data;
  if (!answer || answer.state === 'none' || answer.state === 'accepted') return null;
  const url = link.data ? `${window.location.origin}/agreement/${link.data.token}` : null;
  return (
    <Stack gap="2" role="status" data-testid="agreement-missing" borderWidth="1px" borderColor="orange.300" borderRadius="md" p="3">
      <Text fontSize="sm">
        {answer.state === 'missing'
          ? t('calendar.agreementMissing', { version: answer.current_version ?? 0 })
          : t('calendar.agreementOutdated', { version: answer.current_version ?? 0 })}
      </Text>
      {url ? (
        <HStack>
          <Input readOnly value={url} aria-label={t('calendar.agreementLink')} data-testid="agreement-link" size="sm" />
          <Button size="sm" variant="outline" onClick={() => void navigator.clipboard?.writeText(url)}>
            {t('calendar.agreementCopy')}
          </Button>
        </HStack>
      ) : (
        <Button
          size="sm"
          variant="outline"
          alignSelf="start"
          loading={link.isPending}
          onClick={() => link.mutate({ params })}
          data-testid="agreement-make-link"
        >
          {t('calendar.agreementMakeLink')}
        </Button>
      )}
    </Stack>
  );
}
