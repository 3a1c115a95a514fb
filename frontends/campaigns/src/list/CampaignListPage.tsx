import { Badge, Box, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { ConfirmDialog, EmptyState, ErrorState, LoadingState, SNACKBAR_TYPE } from '@pawline/ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CAMPAIGN_PAGE, FIRST_CAMPAIGN_PAGE, type Campaign, type CampaignResult } from '../api/campaigns-api';
import { dateTimeText, errorTextIn, type CampaignsContext } from '../shared/campaign-context';
import { useCampaignEvents } from '../shared/useCampaignEvents';

type ListState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; campaigns: Campaign[]; results: Map<string, CampaignResult>; done: boolean };

/** R1.07 R4.13 R7.08 the store's campaigns, newest change first, 50 a page; kept live (R4.20). */
export function CampaignListPage({ ctx }: { ctx: CampaignsContext }) {
  const { api, t, bridge, storeId, base } = ctx;
  const errorText = useMemo(() => errorTextIn(t), [t]);
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [moreError, setMoreError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Campaign | null>(null);
  const generation = useRef(0);

  /** the first page again (a realtime change, a retry): what was loaded further is fetched with it */
  const reload = useCallback(() => {
    const mine = ++generation.current;
    api.list(FIRST_CAMPAIGN_PAGE).then(
      (page) => {
        if (mine !== generation.current) return;
        setState({
          status: 'ready',
          campaigns: page.settings,
          results: new Map(page.results.map((result) => [result.campaign_id, result])),
          done: page.settings.length < CAMPAIGN_PAGE,
        });
      },
      (error: unknown) => mine === generation.current && setState({ status: 'error', message: errorText(error) }),
    );
  }, [api, errorText]);

  useEffect(reload, [reload]);

  const loadMore = () => {
    if (state.status !== 'ready') return;
    const last = state.campaigns.at(-1);
    if (!last) return;
    setMoreError(null);
    api.list({ last_time: last.time, last_id: last.id }).then(
      (page) =>
        setState((current) =>
          current.status !== 'ready'
            ? current
            : {
                status: 'ready',
                campaigns: [...current.campaigns, ...page.settings.filter((c) => !current.campaigns.some((s) => s.id === c.id))],
                results: new Map([...current.results, ...page.results.map((r) => [r.campaign_id, r] as const)]),
                done: page.settings.length < CAMPAIGN_PAGE,
              },
        ),
      (error: unknown) => setMoreError(errorText(error)),
    );
  };

  // R4.20 delete removes, anything else refetches
  useCampaignEvents(bridge, storeId, (event) => {
    if (event.deleted && event.id) {
      setState((current) =>
        current.status === 'ready' ? { ...current, campaigns: current.campaigns.filter((c) => c.id !== event.id) } : current,
      );
    } else reload();
  });

  const confirmDelete = () => {
    const campaign = deleting;
    if (!campaign) return;
    api.remove(campaign.id).then(
      () => {
        setDeleting(null);
        setState((current) =>
          current.status === 'ready' ? { ...current, campaigns: current.campaigns.filter((c) => c.id !== campaign.id) } : current,
        );
        bridge.notify(SNACKBAR_TYPE.success, t('campaigns.deleted'));
      },
      (error: unknown) => {
        setDeleting(null);
        bridge.notify(SNACKBAR_TYPE.error, errorText(error));
      },
    );
  };

  const newButton = (
    <Button asChild colorPalette="brand" data-testid="new-campaign">
      <Link to={`${base}/new`}>{t('campaigns.newCampaign')}</Link>
    </Button>
  );

  return (
    <Stack gap="4" data-testid="campaign-list">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="lg">
          {t('campaigns.title')}
        </Heading>
        {state.status === 'ready' && state.campaigns.length > 0 ? newButton : null}
      </HStack>
      {state.status === 'loading' ? <LoadingState label={t('campaigns.loading')} /> : null}
      {state.status === 'error' ? (
        <ErrorState title={t('campaigns.loadFailed')} message={state.message} retryLabel={t('campaigns.retry')} onRetry={reload} />
      ) : null}
      {state.status === 'ready' && state.campaigns.length === 0 ? (
        <EmptyState title={t('campaigns.empty')} description={t('campaigns.emptyText')} action={newButton} />
      ) : null}
      {state.status === 'ready'
        ? state.campaigns.map((campaign) => (
            <CampaignCard
              key={campaign.id}
              ctx={ctx}
              campaign={campaign}
              result={state.results.get(campaign.id)}
              onDelete={() => setDeleting(campaign)}
            />
          ))
        : null}
      {state.status === 'ready' && !state.done ? (
        <Box>
          <Button variant="outline" onClick={loadMore} data-testid="load-more">
            {t('campaigns.loadMore')}
          </Button>
          {moreError ? (
            <Text color="red.600" role="alert">
              {moreError}
            </Text>
          ) : null}
        </Box>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('campaigns.deleteTitle', { name: deleting?.name ?? '' })}
        confirmLabel={t('campaigns.delete')}
        cancelLabel={t('campaigns.cancel')}
        danger
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        <Text>{t('campaigns.deleteText')}</Text>
      </ConfirmDialog>
    </Stack>
  );
}

/** R4.13 the state's words: Draft, 'Message added to queue', Sent. */
export function StateBadge({ campaign, t }: { campaign: Campaign; t: CampaignsContext['t'] }) {
  const palette = campaign.state === 'draft' ? 'gray' : campaign.state === 'queued' ? 'orange' : 'green';
  const key = campaign.state === 'draft' ? 'stateDraft' : campaign.state === 'queued' ? 'stateQueued' : 'stateSent';
  return (
    <Badge colorPalette={palette} data-testid="campaign-state">
      {t(`campaigns.${key}`)}
    </Badge>
  );
}

function CampaignCard({
  ctx,
  campaign,
  result,
  onDelete,
}: {
  ctx: CampaignsContext;
  campaign: Campaign;
  result: CampaignResult | undefined;
  onDelete: () => void;
}) {
  const { t, base, bridge } = ctx;
  const when =
    campaign.state === 'sent' && campaign.sent_at
      ? t('campaigns.sentOn', { date: dateTimeText(campaign.sent_at, bridge.language) })
      : campaign.send_at
        ? t('campaigns.sendOn', { date: dateTimeText(campaign.send_at, bridge.language) })
        : t('campaigns.sendNow');
  return (
    <Card.Root data-testid="campaign-row" data-campaign={campaign.id}>
      <Card.Body gap="2">
        <HStack justify="space-between" wrap="wrap">
          <HStack>
            <Text fontWeight="semibold" data-testid="campaign-name">
              {campaign.name}
            </Text>
            <StateBadge campaign={campaign} t={t} />
          </HStack>
          <HStack>
            <Button asChild size="sm" variant="outline">
              <Link to={campaign.state === 'draft' ? `${base}/${campaign.id}/edit` : `${base}/${campaign.id}`}>
                {campaign.state === 'draft' ? t('campaigns.edit') : t('campaigns.results')}
              </Link>
            </Button>
            <Button size="sm" variant="ghost" colorPalette="red" onClick={onDelete} data-testid="delete-campaign">
              {t('campaigns.delete')}
            </Button>
          </HStack>
        </HStack>
        {campaign.summary ? <Text color="fg.muted">{campaign.summary}</Text> : null}
        <Text fontSize="sm">{when}</Text>
        {campaign.state === 'sent' && result ? (
          <Text fontSize="sm" data-testid="campaign-result">
            {t('campaigns.resultLine', {
              customers: result.customers,
              delivered: result.delivered,
              read: result.read,
              failed: result.failed,
            })}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
