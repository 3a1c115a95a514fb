import { Button, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { useApiMutation, useApiQuery, type ShellBridge } from '@pawline/api-client';
import { ConfirmDialog, EmptyState, PlainDataTable, QueryState, type PlainColumn } from '@pawline/ui';
import { useCallback, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { settingsTranslator } from '../i18n/translator';
import { ListPageHeader } from '../shared/ListPageHeader';
import { SecretShownOnce } from '../shared/SecretShownOnce';
import { AREA_LABEL, ApiKeyDialog, LEVEL_LABEL } from './ApiKeyDialog';
import { accessOf, API_KEY_AREAS, isExpired } from './api-key-form';
import { apiKeyWrites, type ApiKey, type CreatedApiKey } from './api-keys-api';

/**
 * /{orgaId}/settings/api-keys: the organization's API keys (issue 33, docs/api-keys.md); organization
 * administrators only. A new key's secret is shown once, with a copy button; revoking asks first and
 * takes effect with the key's next request.
 */
export function ApiKeysPage({ bridge }: { bridge: ShellBridge }) {
  const t = useMemo(() => settingsTranslator(bridge.language), [bridge.language]);
  const orgaId = useParams()['orgaId'] ?? '';
  const language = bridge.language;
  const list = useApiQuery(
    'listApiKeys',
    { params: { orga: orgaId } },
    { select: useCallback((answer: { keys: ApiKey[] }) => answer.keys, []) },
  );
  const stores = useApiQuery(
    'getOrga',
    { params: { orga: orgaId } },
    { select: useCallback((orga: { stores: { id: string; name: string }[] }) => orga.stores, []) },
  );
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revocation = useApiMutation('revokeApiKey', {
    invalidates: apiKeyWrites(orgaId),
    // the list read again no longer has it: the name comes from the confirmation still open
    success: () => t('settings.apiKeyRevoked', { name: revoking?.name ?? '' }),
  });

  const moment = useCallback(
    (iso: string) =>
      new Date(iso).toLocaleString(language, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }),
    [language],
  );
  const storeNames = useCallback(
    (ids: string[] | null) => {
      if (ids === null) return t('settings.apiKeyAllStores');
      const names = new Map((stores.data ?? []).map((store) => [store.id, store.name]));
      return ids.map((id) => names.get(id) ?? '—').join(', ');
    },
    [stores.data, t],
  );

  const columns = useMemo<PlainColumn<ApiKey>[]>(
    () => [
      { id: 'name', header: t('settings.apiKeyName'), cell: ({ row }) => row.original.name },
      { id: 'prefix', header: t('settings.apiKeyKey'), cell: ({ row }) => <Code>{row.original.prefix}…</Code> },
      {
        id: 'access',
        header: t('settings.apiKeyAccess'),
        cell: ({ row }) => {
          const access = accessOf(row.original);
          return (
            <Stack gap="0" fontSize="sm">
              {API_KEY_AREAS.filter((area) => access[area] !== 'none').map((area) => (
                <Text key={area}>
                  {t(AREA_LABEL[area])}: {t(LEVEL_LABEL[access[area]])}
                </Text>
              ))}
            </Stack>
          );
        },
      },
      { id: 'stores', header: t('settings.apiKeyStores'), cell: ({ row }) => storeNames(row.original.store_ids) },
      {
        id: 'expires',
        header: t('settings.apiKeyExpires'),
        cell: ({ row }) =>
          row.original.expires_at === null ? (
            t('settings.apiKeyNeverExpires')
          ) : isExpired(row.original, new Date()) ? (
            <Text color="fg.error">{t('settings.apiKeyExpired')}</Text>
          ) : (
            moment(row.original.expires_at)
          ),
      },
      {
        id: 'last_used',
        header: t('settings.apiKeyLastUsed'),
        cell: ({ row }) => (row.original.last_used_at ? moment(row.original.last_used_at) : t('settings.apiKeyNeverUsed')),
      },
      {
        id: 'actions',
        header: '',
        cell: ({ row }) => (
          <HStack justify="flex-end">
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              data-testid="revoke-api-key"
              aria-label={t('settings.apiKeyRevokeNamed', { name: row.original.name })}
              onClick={() => setRevoking(row.original)}
            >
              {t('settings.apiKeyRevoke')}
            </Button>
          </HStack>
        ),
      },
    ],
    [t, moment, storeNames],
  );

  return (
    <Stack gap="5" data-testid="api-keys-page">
      <ListPageHeader
        title={t('settings.apiKeysTitle')}
        action={{
          label: t('settings.newApiKey'),
          testId: 'new-api-key',
          disabled: list.data === undefined,
          onClick: () => setCreating(true),
        }}
      />
      <Text color="fg.muted">{t('settings.apiKeysHint')}</Text>
      <QueryState
        query={list}
        language={language}
        errorTitle={t('settings.loadFailed')}
        isEmpty={(keys) => keys.length === 0}
        empty={<EmptyState title={t('settings.apiKeysEmpty')} description={t('settings.apiKeysEmptyHint')} />}
      >
        {(keys) => <PlainDataTable columns={columns} data={keys} testId="api-keys-table" rowTestId={(row) => `api-key-${row.id}`} />}
      </QueryState>
      {creating ? (
        <ApiKeyDialog
          t={t}
          orgaId={orgaId}
          stores={stores.data ?? []}
          onClose={() => setCreating(false)}
          onCreated={(answer) => {
            setCreating(false);
            setCreated(answer);
          }}
        />
      ) : null}
      <SecretShownOnce
        t={t}
        bridge={bridge}
        secret={created?.secret ?? null}
        title={t('settings.apiKeyCreatedTitle')}
        text={t('settings.apiKeyCreatedText', { name: created?.key.name ?? '' })}
        copied={t('settings.apiKeyCopied')}
        testId="api-key-secret"
        copyTestId="api-key"
        onClose={() => setCreated(null)}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={t('settings.apiKeyRevokeTitle')}
        confirmLabel={t('settings.apiKeyRevoke')}
        cancelLabel={t('common.cancel')}
        danger
        busy={revocation.isPending}
        onConfirm={() =>
          revoking && revocation.mutate({ params: { orga: orgaId, api_key: revoking.id } }, { onSuccess: () => setRevoking(null) })
        }
        onCancel={() => setRevoking(null)}
      >
        <Text>{t('settings.apiKeyRevokeText', { name: revoking?.name ?? '' })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
