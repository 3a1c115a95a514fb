import { Badge, Button, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { useApiMutation, useApiQuery, type ShellBridge } from '@pawline/api-client';
import { ConfirmDialog, EmptyState, PlainDataTable, QueryState, type PlainColumn } from '@pawline/ui';
import { useCallback, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { settingsTranslator } from '../i18n/translator';
import { ListPageHeader } from '../shared/ListPageHeader';
import { SecretShownOnce } from '../shared/SecretShownOnce';
import { DeliveryLog } from './DeliveryLog';
import { WebhookDialog } from './WebhookDialog';
import { EVENT_LABEL } from './webhook-labels';
import { webhookWrites, type CreatedWebhookEndpoint, type WebhookEndpoint } from './webhooks-api';

/**
 * /{orgaId}/settings/webhooks: the organization's outgoing webhooks (issue 33, docs/webhooks.md);
 * organization administrators only. A signing secret is shown once (on creation and rotation) with a copy
 * button; each endpoint's delivery log opens below the list.
 */
export function WebhooksPage({ bridge }: { bridge: ShellBridge }) {
  const t = useMemo(() => settingsTranslator(bridge.language), [bridge.language]);
  const orgaId = useParams()['orgaId'] ?? '';
  const language = bridge.language;
  const list = useApiQuery(
    'listWebhookEndpoints',
    { params: { orga: orgaId } },
    { select: useCallback((answer: { endpoints: WebhookEndpoint[] }) => answer.endpoints, []) },
  );
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [secret, setSecret] = useState<CreatedWebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const writes = webhookWrites(orgaId);
  const removal = useApiMutation('deleteWebhookEndpoint', { invalidates: writes, success: () => t('settings.webhookDeleted') });
  const rotation = useApiMutation('rotateWebhookSecret', { invalidates: writes });
  const switching = useApiMutation('updateWebhookEndpoint', {
    invalidates: writes,
    success: (endpoint) => (endpoint.enabled ? t('settings.webhookSwitchedOn') : t('settings.webhookSwitchedOff')),
  });

  const state = (endpoint: WebhookEndpoint) => {
    if (!endpoint.enabled)
      return (
        <Badge colorPalette="red">
          {endpoint.disabled_reason === 'failing' ? t('settings.webhookOffFailing') : t('settings.webhookOff')}
        </Badge>
      );
    if (endpoint.failing_since) return <Badge colorPalette="orange">{t('settings.webhookFailing')}</Badge>;
    return <Badge colorPalette="green">{t('settings.webhookOn')}</Badge>;
  };

  const columns = useMemo<PlainColumn<WebhookEndpoint>[]>(
    () => [
      {
        id: 'url',
        header: t('settings.webhookUrl'),
        cell: ({ row }) => (
          <Stack gap="0">
            <Text wordBreak="break-all">{row.original.url}</Text>
            {row.original.description ? (
              <Text fontSize="sm" color="fg.muted">
                {row.original.description}
              </Text>
            ) : null}
          </Stack>
        ),
      },
      {
        id: 'events',
        header: t('settings.webhookEvents'),
        cell: ({ row }) => <Text fontSize="sm">{row.original.events.map((event) => t(EVENT_LABEL[event])).join(', ')}</Text>,
      },
      { id: 'state', header: t('settings.webhookState'), cell: ({ row }) => state(row.original) },
      {
        id: 'secret',
        header: t('settings.webhookSecret'),
        cell: ({ row }) => (
          <Stack gap="0">
            <Code>{row.original.secret_prefix}…</Code>
            {row.original.previous_secret_until ? (
              <Text fontSize="xs" color="fg.muted" data-testid="webhook-previous-secret">
                {t('settings.webhookPreviousSecretUntil', {
                  time: new Date(row.original.previous_secret_until).toLocaleString(language, {
                    day: 'numeric',
                    month: 'short',
                    hour: '2-digit',
                    minute: '2-digit',
                  }),
                })}
              </Text>
            ) : null}
          </Stack>
        ),
      },
      {
        id: 'actions',
        header: '',
        cell: ({ row }) => {
          const endpoint = row.original;
          return (
            <HStack justify="flex-end" gap="1" wrap="wrap">
              <Button
                size="xs"
                variant="ghost"
                data-testid="webhook-log"
                aria-expanded={open === endpoint.id}
                onClick={() => setOpen(open === endpoint.id ? null : endpoint.id)}
              >
                {t('settings.webhookDeliveries')}
              </Button>
              <Button size="xs" variant="ghost" data-testid="edit-webhook" onClick={() => setEditing(endpoint)}>
                {t('settings.webhookEdit')}
              </Button>
              <Button
                size="xs"
                variant="ghost"
                data-testid="switch-webhook"
                disabled={switching.isPending}
                onClick={() => switching.mutate({ params: { orga: orgaId, webhook: endpoint.id }, body: { enabled: !endpoint.enabled } })}
              >
                {endpoint.enabled ? t('settings.webhookSwitchOff') : t('settings.webhookSwitchOn')}
              </Button>
              <Button size="xs" variant="ghost" data-testid="rotate-webhook" onClick={() => setRotating(endpoint)}>
                {t('settings.webhookRotate')}
              </Button>
              <Button size="xs" variant="ghost" colorPalette="red" data-testid="delete-webhook" onClick={() => setDeleting(endpoint)}>
                {t('common.delete')}
              </Button>
            </HStack>
          );
        },
      },
    ],
    [t, open, orgaId, switching.isPending, language],
  );

  return (
    <Stack gap="5" data-testid="webhooks-page">
      <ListPageHeader
        title={t('settings.webhooksTitle')}
        action={{
          label: t('settings.newWebhook'),
          testId: 'new-webhook',
          disabled: list.data === undefined,
          onClick: () => setEditing('new'),
        }}
      />
      <Text color="fg.muted">{t('settings.webhooksHint')}</Text>
      <QueryState
        query={list}
        language={language}
        errorTitle={t('settings.loadFailed')}
        isEmpty={(endpoints) => endpoints.length === 0}
        empty={<EmptyState title={t('settings.webhooksEmpty')} description={t('settings.webhooksEmptyHint')} />}
      >
        {(endpoints) => {
          const shown = endpoints.find((endpoint) => endpoint.id === open);
          return (
            <Stack gap="5">
              <PlainDataTable columns={columns} data={endpoints} testId="webhooks-table" rowTestId={(row) => `webhook-${row.id}`} />
              {shown ? <DeliveryLog t={t} orgaId={orgaId} endpoint={shown} language={language} /> : null}
            </Stack>
          );
        }}
      </QueryState>
      {editing ? (
        <WebhookDialog
          t={t}
          orgaId={orgaId}
          endpoint={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={(answer) => {
            setEditing(null);
            setSecret(answer);
          }}
        />
      ) : null}
      <SecretShownOnce
        t={t}
        bridge={bridge}
        secret={secret?.secret ?? null}
        title={t('settings.webhookSecretTitle')}
        text={t('settings.webhookSecretText', { url: secret?.endpoint.url ?? '' })}
        copied={t('settings.webhookSecretCopied')}
        testId="webhook-secret"
        copyTestId="webhook-secret"
        onClose={() => setSecret(null)}
      />
      <ConfirmDialog
        open={rotating !== null}
        title={t('settings.webhookRotateTitle')}
        confirmLabel={t('settings.webhookRotate')}
        cancelLabel={t('common.cancel')}
        danger
        busy={rotation.isPending}
        onConfirm={() =>
          rotating &&
          rotation.mutate(
            { params: { orga: orgaId, webhook: rotating.id } },
            {
              onSuccess: (answer) => {
                setRotating(null);
                setSecret(answer);
              },
            },
          )
        }
        onCancel={() => setRotating(null)}
      >
        <Text>{t('settings.webhookRotateText', { url: rotating?.url ?? '' })}</Text>
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('settings.webhookDeleteTitle')}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        danger
        busy={removal.isPending}
        onConfirm={() =>
          deleting &&
          removal.mutate(
            { params: { orga: orgaId, webhook: deleting.id } },
            {
              onSuccess: () => {
                if (open === deleting.id) setOpen(null);
                setDeleting(null);
              },
            },
          )
        }
        onCancel={() => setDeleting(null)}
      >
        <Text>{t('settings.webhookDeleteText', { url: deleting?.url ?? '' })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
