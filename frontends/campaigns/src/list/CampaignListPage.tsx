import { Badge, Box, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useApiMutation, useApiPages } from '@pawline/api-client';
import { apiErrorText, ConfirmDialog, EmptyState, QueryState } from '@pawline/ui';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  CAMPAIGN_PAGE,
  campaignWrites,
  FIRST_CAMPAIGN_PAGE,
  type Campaign,
  type CampaignCursor,
  type CampaignPage,
  type CampaignResult,
} from '../api/campaigns-api';
import { dateTimeText, type CampaignsContext } from '../shared/campaign-context';

/** The campaigns of the pages loaded so far, each once (a campaign changed meanwhile moves to the front and may come twice). */
function campaignsOf(pages: readonly CampaignPage[]): { campaigns: Campaign[]; results: Map<string, CampaignResult> } {
  const byId = new Map<string, Campaign>();
  for (const campaign of pages.flatMap((page) => page.settings)) if (!byId.has(campaign.id)) byId.set(campaign.id, campaign);
  return { campaigns: [...byId.values()], results: new Map(pages.flatMap((page) => page.results.map((r) => [r.campaign_id, r] as const))) };
}

/** R1.07 R4.13 R7.08 the store's campaigns, newest change first, 50 a page; kept live by the realtime table (R4.20). */
export function CampaignListPage({ ctx }: { ctx: CampaignsContext }) {
  const { t, bridge, orgaId, storeId, base } = ctx;
  const [deleting, setDeleting] = useState<Campaign | null>(null);
  const list = useApiPages('listStoreCampaigns', {
    input: (cursor: CampaignCursor | null) => ({ params: { orga: orgaId, store: storeId, ...(cursor ?? FIRST_CAMPAIGN_PAGE) } }),
    next: (page) => {
      const last = page.v.settings.at(-1);
      return last && page.v.settings.length >= CAMPAIGN_PAGE ? { last_time: last.time, last_id: last.id } : null;
    },
  });
  const shown = useMemo(() => campaignsOf((list.data?.pages ?? []).map((page) => page.v)), [list.data]);
  const remove = useApiMutation('deleteCampaign', {
    invalidates: (_answer, input) => campaignWrites(orgaId, storeId, input.params.campaign),
    success: t('campaigns.deleted'),
    onSettled: () => setDeleting(null),
  });

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
        {shown.campaigns.length > 0 ? newButton : null}
      </HStack>
      <QueryState
        query={list}
        language={bridge.language}
        loadingLabel={t('campaigns.loading')}
        errorTitle={t('campaigns.loadFailed')}
        isEmpty={() => shown.campaigns.length === 0}
        empty={<EmptyState title={t('campaigns.empty')} description={t('campaigns.emptyText')} action={newButton} />}
      >
        {() => (
          <>
            {shown.campaigns.map((campaign) => (
              <CampaignCard
                key={campaign.id}
                ctx={ctx}
                campaign={campaign}
                result={shown.results.get(campaign.id)}
                onDelete={() => setDeleting(campaign)}
              />
            ))}
            {list.hasNextPage ? (
              <Box>
                <Button
                  variant="outline"
                  onClick={() => void list.fetchNextPage()}
                  loading={list.isFetchingNextPage}
                  data-testid="load-more"
                >
                  {t('campaigns.loadMore')}
                </Button>
                {list.isFetchNextPageError ? (
                  <Text color="red.600" role="alert">
                    {apiErrorText(list.error, bridge.language)}
                  </Text>
                ) : null}
              </Box>
            ) : null}
          </>
        )}
      </QueryState>
      <ConfirmDialog
        open={deleting !== null}
        title={t('campaigns.deleteTitle', { name: deleting?.name ?? '' })}
        confirmLabel={t('campaigns.delete')}
        cancelLabel={t('campaigns.cancel')}
        danger
        onConfirm={() => deleting && remove.mutate({ params: { orga: orgaId, store: storeId, campaign: deleting.id } })}
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
