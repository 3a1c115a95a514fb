import { Badge, Button, Code, HStack, Stack, Text } from '@chakra-ui/react';
import type { ShellBridge, Store, TeamMember } from '@pawline/api-client';
import { ConfirmDialog, EmptyState, ErrorState, LoadingState, PlainDataTable, type PlainColumn } from '@pawline/ui';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { settingsTranslator } from '../i18n/translator';
import { errorText, rankName } from '../shared/options';
import { MemberDialog } from './MemberDialog';
import { ListPageHeader } from '../shared/ListPageHeader';

type Load = { status: 'loading' } | { status: 'ready'; team: TeamMember[]; stores: Store[] } | { status: 'failed'; message: string };
type Editing = { member: TeamMember | null } | null;

/** /{orgaId}/settings/users: the team (spec §3 organization users), organization administrators only. */
export function TeamPage({ bridge }: { bridge: ShellBridge }) {
  const t = useMemo(() => settingsTranslator(bridge.language), [bridge.language]);
  const orgaId = useParams()['orgaId'] ?? '';
  const { api } = bridge;
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [editing, setEditing] = useState<Editing>(null);
  const [created, setCreated] = useState<{ username: string; first_password: string } | null>(null);
  const [toggling, setToggling] = useState<TeamMember | null>(null);
  const [busy, setBusy] = useState(false);

  const fetchTeam = useCallback(() => {
    Promise.all([api.listTeam(orgaId), api.getOrganization(orgaId)]).then(
      ([team, orga]) => setLoad({ status: 'ready', team, stores: orga.stores }),
      (error: unknown) => setLoad({ status: 'failed', message: errorText(error) }),
    );
  }, [api, orgaId]);
  useEffect(() => fetchTeam(), [fetchTeam]);

  const stores = load.status === 'ready' ? load.stores : [];
  const columns = useMemo<PlainColumn<TeamMember>[]>(
    () => [
      { id: 'name', header: t('settings.name'), cell: ({ row }) => `${row.original.first_name} ${row.original.last_name}` },
      { id: 'username', header: t('settings.username'), cell: ({ row }) => row.original.username },
      { id: 'rank', header: t('settings.orgaRank'), cell: ({ row }) => rankName(row.original.orga_rank, t) },
      {
        id: 'stores',
        header: t('settings.stores'),
        cell: ({ row }) => {
          const overrides = Object.entries(row.original.store_override);
          if (overrides.length === 0)
            return row.original.employee_status === 1 || row.original.orga_rank <= 1 ? t('settings.allStores') : t('settings.noStores');
          return overrides
            .map(([storeId, rank]) => `${stores.find((s) => s.id === storeId)?.name ?? storeId} (${rankName(rank, t)})`)
            .join(', ');
        },
      },
      {
        id: 'active',
        header: t('settings.active'),
        cell: ({ row }) =>
          row.original.active ? (
            <Badge colorPalette="green">{t('settings.active')}</Badge>
          ) : (
            <Badge colorPalette="gray">{t('settings.deactivated')}</Badge>
          ),
      },
      {
        id: 'actions',
        header: '',
        cell: ({ row }) => (
          <HStack gap="2" justify="flex-end">
            <Button size="xs" variant="outline" data-testid="edit-member" onClick={() => setEditing({ member: row.original })}>
              {t('common.edit')}
            </Button>
            {row.original.user_id === bridge.user.id ? null : (
              <Button
                size="xs"
                variant="ghost"
                colorPalette={row.original.active ? 'red' : 'green'}
                onClick={() => setToggling(row.original)}
              >
                {row.original.active ? t('settings.deactivate') : t('settings.reactivate')}
              </Button>
            )}
          </HStack>
        ),
      },
    ],
    [t, stores, bridge.user.id],
  );

  const toggleActive = () => {
    if (!toggling) return;
    setBusy(true);
    const call = toggling.active ? api.deactivateTeamMember(orgaId, toggling.user_id) : api.reactivateTeamMember(orgaId, toggling.user_id);
    call
      .then(() => {
        bridge.notify(2, toggling.active ? t('settings.userDeactivated') : t('settings.userReactivated'));
        setToggling(null);
        fetchTeam();
      })
      .catch((error: unknown) => bridge.notify(0, errorText(error)))
      .finally(() => setBusy(false));
  };

  return (
    <Stack gap="5" data-testid="team-page">
      <ListPageHeader
        title={t('settings.teamTitle')}
        action={{
          label: t('settings.newUser'),
          testId: 'new-member',
          disabled: load.status !== 'ready',
          onClick: () => setEditing({ member: null }),
        }}
      />
      {load.status === 'loading' ? <LoadingState label={t('common.loading')} /> : null}
      {load.status === 'failed' ? (
        <ErrorState title={t('settings.loadFailed')} message={load.message} retryLabel={t('common.retry')} onRetry={fetchTeam} />
      ) : null}
      {load.status === 'ready' && load.team.length === 0 ? <EmptyState title={t('settings.teamEmpty')} /> : null}
      {load.status === 'ready' && load.team.length > 0 ? (
        <PlainDataTable columns={columns} data={load.team} testId="team-table" rowTestId={(m) => `member-${m.username}`} />
      ) : null}
      {editing ? (
        <MemberDialog
          bridge={bridge}
          t={t}
          orgaId={orgaId}
          stores={stores}
          member={editing.member}
          onClose={() => setEditing(null)}
          onSaved={(result) => {
            setEditing(null);
            bridge.notify(2, t('settings.changesSaved'));
            if (result) setCreated(result);
            fetchTeam();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={created !== null}
        title={t('settings.firstPasswordTitle')}
        confirmLabel={t('settings.firstPasswordDone')}
        cancelLabel={t('common.close')}
        onConfirm={() => setCreated(null)}
        onCancel={() => setCreated(null)}
      >
        <Stack gap="2" data-testid="first-password">
          <Text>{t('settings.firstPasswordOnce')}</Text>
          <Text>
            {t('settings.username')}: <Code data-testid="created-username">{created?.username}</Code>
          </Text>
          <Text>
            {t('settings.firstPassword')}: <Code data-testid="created-password">{created?.first_password}</Code>
          </Text>
        </Stack>
      </ConfirmDialog>
      <ConfirmDialog
        open={toggling !== null}
        title={toggling?.active ? t('settings.deactivateTitle') : t('settings.reactivateTitle')}
        confirmLabel={toggling?.active ? t('settings.deactivate') : t('settings.reactivate')}
        cancelLabel={t('common.cancel')}
        danger={toggling?.active ?? false}
        busy={busy}
        onConfirm={toggleActive}
        onCancel={() => setToggling(null)}
      >
        <Text>
          {toggling?.active
            ? t('settings.deactivateText', { name: `${toggling.first_name} ${toggling.last_name}` })
            : t('settings.reactivateText', { name: `${toggling?.first_name ?? ''} ${toggling?.last_name ?? ''}` })}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
