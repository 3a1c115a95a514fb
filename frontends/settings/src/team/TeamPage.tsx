import { Badge, Button, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { useApiMutation, useApiQuery, type ShellBridge, type TeamMember } from '@pawline/api-client';
import { ConfirmDialog, EmptyState, PlainDataTable, QueryState, type PlainColumn } from '@pawline/ui';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { settingsTranslator } from '../i18n/translator';
import { teamWrites } from '../shared/identity-writes';
import { ListPageHeader } from '../shared/ListPageHeader';
import { rankName } from '../shared/options';
import { MemberDialog } from './MemberDialog';

type Editing = { member: TeamMember | null } | null;

/** /{orgaId}/settings/users: the team (spec §3 organization users), organization administrators only. */
export function TeamPage({ bridge }: { bridge: ShellBridge }) {
  const t = useMemo(() => settingsTranslator(bridge.language), [bridge.language]);
  const orgaId = useParams()['orgaId'] ?? '';
  const team = useApiQuery('listTeam', { params: { orga: orgaId } });
  // the stores' names for the overrides: the shell's organization query
  const orga = useApiQuery('getOrga', { params: { orga: orgaId } });
  const [editing, setEditing] = useState<Editing>(null);
  const [created, setCreated] = useState<{ username: string; first_password: string } | null>(null);
  const [toggling, setToggling] = useState<TeamMember | null>(null);
  const deactivate = useApiMutation('deactivateTeamMember', { invalidates: teamWrites(orgaId), success: t('settings.userDeactivated') });
  const reactivate = useApiMutation('reactivateTeamMember', { invalidates: teamWrites(orgaId), success: t('settings.userReactivated') });
  const busy = deactivate.isPending || reactivate.isPending;

  const stores = useMemo(() => orga.data?.stores ?? [], [orga.data]);
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
    const input = { params: { orga: orgaId, user: toggling.user_id } };
    const then = { onSuccess: () => setToggling(null) };
    if (toggling.active) deactivate.mutate(input, then);
    else reactivate.mutate(input, then);
  };

  return (
    <Stack gap="5" data-testid="team-page">
      <ListPageHeader
        title={t('settings.teamTitle')}
        action={{
          label: t('settings.newUser'),
          testId: 'new-member',
          disabled: team.data === undefined,
          onClick: () => setEditing({ member: null }),
        }}
      />
      <QueryState
        query={team}
        language={bridge.language}
        errorTitle={t('settings.loadFailed')}
        isEmpty={(members) => members.length === 0}
        empty={<EmptyState title={t('settings.teamEmpty')} />}
      >
        {(members) => <PlainDataTable columns={columns} data={members} testId="team-table" rowTestId={(m) => `member-${m.username}`} />}
      </QueryState>
      {editing ? (
        <MemberDialog
          t={t}
          orgaId={orgaId}
          stores={stores}
          member={editing.member}
          onClose={() => setEditing(null)}
          onSaved={(result) => {
            setEditing(null);
            if (result) setCreated(result);
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
