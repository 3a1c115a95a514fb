import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useApiMutation, useApiQuery, type ShellBridge } from '@pawline/api-client';
import { EmptyState, PlainDataTable, QueryState, type PlainColumn } from '@pawline/ui';
import { useMemo, useState } from 'react';
import type { Translate } from '../i18n/translator';
import { EVENT_LABEL, STATUS_LABEL } from './webhook-labels';
import { deliveryWrites, type WebhookDelivery, type WebhookEndpoint } from './webhooks-api';

const STATUS_COLOUR = { pending: 'orange', sending: 'blue', delivered: 'green', failed: 'red' } as const;

type Props = { t: Translate; orgaId: string; endpoint: WebhookEndpoint; language: ShellBridge['language'] };

/**
 * An endpoint's delivery log (issue 33): event, status, answer code, attempts and times, newest first, a
 * page at a time ("Older" follows the server's cursor); a delivery can be sent again, and a test event sent.
 */
export function DeliveryLog({ t, orgaId, endpoint, language }: Props) {
  const [pages, setPages] = useState<(string | undefined)[]>([undefined]);
  const before = pages[pages.length - 1];
  const params = { orga: orgaId, webhook: endpoint.id };
  const log = useApiQuery('listWebhookDeliveries', { params, ...(before ? { query: { before } } : {}) });
  const redeliver = useApiMutation('redeliverWebhook', {
    invalidates: deliveryWrites(orgaId, endpoint.id),
    success: () => t('settings.webhookRedelivered'),
  });
  const ping = useApiMutation('pingWebhookEndpoint', {
    invalidates: deliveryWrites(orgaId, endpoint.id),
    success: () => t('settings.webhookPinged'),
  });
  const moment = (iso: string | null) =>
    iso
      ? new Date(iso).toLocaleString(language, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      : '—';

  const columns = useMemo<PlainColumn<WebhookDelivery>[]>(
    () => [
      { id: 'event', header: t('settings.webhookEvent'), cell: ({ row }) => t(EVENT_LABEL[row.original.event_type]) },
      {
        id: 'status',
        header: t('settings.webhookStatus'),
        cell: ({ row }) => <Badge colorPalette={STATUS_COLOUR[row.original.status]}>{t(STATUS_LABEL[row.original.status])}</Badge>,
      },
      {
        id: 'answer',
        header: t('settings.webhookAnswer'),
        cell: ({ row }) => (
          <Text fontSize="sm" title={row.original.error ?? undefined}>
            {row.original.response_code ?? (row.original.error ? t('settings.webhookNoAnswer') : '—')}
          </Text>
        ),
      },
      { id: 'attempts', header: t('settings.webhookAttempts'), cell: ({ row }) => row.original.attempts },
      { id: 'created', header: t('settings.webhookCreatedAt'), cell: ({ row }) => moment(row.original.created_at) },
      {
        id: 'last',
        header: t('settings.webhookLastAttempt'),
        cell: ({ row }) => moment(row.original.delivered_at ?? row.original.last_attempt_at),
      },
      { id: 'next', header: t('settings.webhookNextAttempt'), cell: ({ row }) => moment(row.original.next_attempt_at) },
      {
        id: 'actions',
        header: '',
        cell: ({ row }) => (
          <Button
            size="xs"
            variant="ghost"
            data-testid="redeliver-webhook"
            aria-label={t('settings.webhookRedeliverNamed', { event: t(EVENT_LABEL[row.original.event_type]) })}
            disabled={row.original.status === 'sending' || redeliver.isPending}
            onClick={() => redeliver.mutate({ params: { ...params, delivery: row.original.id } })}
          >
            {t('settings.webhookRedeliver')}
          </Button>
        ),
      },
    ],
    [t, language, endpoint.id, redeliver.isPending],
  );

  return (
    <Stack gap="3" data-testid="webhook-deliveries" aria-label={t('settings.webhookDeliveriesOf', { url: endpoint.url })} role="region">
      <HStack justify="space-between" wrap="wrap">
        <Text fontWeight="medium">{t('settings.webhookDeliveriesOf', { url: endpoint.url })}</Text>
        <Button size="sm" variant="outline" data-testid="ping-webhook" loading={ping.isPending} onClick={() => ping.mutate({ params })}>
          {t('settings.webhookPing')}
        </Button>
      </HStack>
      <QueryState
        query={log}
        language={language}
        errorTitle={t('settings.loadFailed')}
        isEmpty={(page) => page.deliveries.length === 0}
        empty={<EmptyState title={t('settings.webhookNoDeliveries')} description={t('settings.webhookNoDeliveriesHint')} />}
      >
        {(page) => (
          <Stack gap="2">
            <PlainDataTable
              columns={columns}
              data={page.deliveries}
              testId="webhook-deliveries-table"
              rowTestId={(row) => `delivery-${row.id}`}
            />
            <HStack justify="flex-end">
              {pages.length > 1 ? (
                <Button size="xs" variant="ghost" data-testid="deliveries-newer" onClick={() => setPages(pages.slice(0, -1))}>
                  {t('settings.webhookNewer')}
                </Button>
              ) : null}
              {page.next_before ? (
                <Button
                  size="xs"
                  variant="ghost"
                  data-testid="deliveries-older"
                  onClick={() => setPages([...pages, page.next_before ?? undefined])}
                >
                  {t('settings.webhookOlder')}
                </Button>
              ) : null}
            </HStack>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
