import { Badge, Box, Button, Card, Heading, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useApiPages, useApiQuery } from '@pawline/api-client';
import { apiErrorText, EmptyState, QueryState } from '@pawline/ui';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { CAMPAIGN_CUSTOMER_PAGE, type CampaignCustomer, type CampaignDetail } from '../api/campaigns-api';
import { StateBadge } from '../list/CampaignListPage';
import { dateTimeText, messageStatusText, type CampaignsContext } from '../shared/campaign-context';

/** R3.11 R7.08 a campaign's result and each customer's message status and opener confirmation (200 a page); live (R4.20). */
export function CampaignResultsPage({ ctx }: { ctx: CampaignsContext }) {
  const { t, bridge, orgaId, base } = ctx;
  const campaignId = useParams().campaignId ?? '';
  const params = { orga: orgaId, campaign: campaignId };
  const detail = useApiQuery('getCampaign', { params });
  const customers = useApiPages('listCampaignCustomers', {
    input: (lastId: string | null) => ({ params, query: { last_id: lastId ?? undefined } }),
    next: (page) => (page.v.length < CAMPAIGN_CUSTOMER_PAGE ? null : (page.v.at(-1)?.customer_id ?? null)),
  });

  const back = (
    <Button asChild variant="ghost">
      <Link to={base}>{`← ${t('campaigns.title')}`}</Link>
    </Button>
  );
  // R4.20 deleted on another device: the campaign, read again after the realtime message, is gone
  const gone = (
    <Stack gap="3" data-testid="campaign-deleted">
      <Text>{t('campaigns.deletedElsewhere')}</Text>
      <Box>{back}</Box>
    </Stack>
  );
  return (
    <QueryState
      query={detail}
      language={bridge.language}
      loadingLabel={t('campaigns.loading')}
      errorTitle={t('campaigns.loadFailed')}
      gone={gone}
    >
      {(answer) => (
        <CampaignResults ctx={ctx} detail={answer.v} back={back}>
          <QueryState
            query={customers}
            language={bridge.language}
            loadingLabel={t('campaigns.loading')}
            errorTitle={t('campaigns.loadFailed')}
          >
            {(pages) => (
              <CustomerTable
                ctx={ctx}
                sent={answer.v.setting.state === 'sent'}
                rows={pages.pages.flatMap((page) => page.v)}
                more={customers}
              />
            )}
          </QueryState>
        </CampaignResults>
      )}
    </QueryState>
  );
}

function CampaignResults({
  ctx,
  detail,
  back,
  children,
}: {
  ctx: CampaignsContext;
  detail: CampaignDetail;
  back: ReactNode;
  children: ReactNode;
}) {
  const { t, bridge } = ctx;
  const { setting, result } = detail;
  const figures = [
    ['resultCustomers', result.customers],
    ['resultSent', result.sent],
    ['resultDelivered', result.delivered],
    ['resultRead', result.read],
    ['resultFailed', result.failed],
    ['resultConfirmed', result.confirmed],
  ] as const;
  return (
    <Stack gap="4" data-testid="campaign-results">
      <HStack justify="space-between" wrap="wrap">
        <HStack>
          <Heading as="h2" size="lg">
            {setting.name}
          </Heading>
          <StateBadge campaign={setting} t={t} />
        </HStack>
        {back}
      </HStack>
      {setting.summary ? <Text>{setting.summary}</Text> : null}
      <Text fontSize="sm">
        {setting.sent_at
          ? t('campaigns.sentOn', { date: dateTimeText(setting.sent_at, bridge.language) })
          : setting.send_at
            ? t('campaigns.sendOn', { date: dateTimeText(setting.send_at, bridge.language) })
            : t('campaigns.sendNow')}
      </Text>
      <SimpleGrid columns={{ base: 2, md: 6 }} gap="3">
        {figures.map(([key, value]) => (
          <Card.Root key={key} size="sm">
            <Card.Body>
              <Text fontSize="xs" color="fg.muted">
                {t(`campaigns.${key}`)}
              </Text>
              <Text fontSize="xl" fontWeight="bold" data-testid={`figure-${key}`}>
                {value}
              </Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      {children}
    </Stack>
  );
}

type MorePages = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => unknown;
};

/** Each customer's message status and read confirmation, 200 a page (R9.05). */
function CustomerTable({ ctx, sent, rows, more }: { ctx: CampaignsContext; sent: boolean; rows: CampaignCustomer[]; more: MorePages }) {
  const { t } = ctx;
  return (
    <>
      {rows.length === 0 ? (
        <EmptyState
          title={sent ? t('campaigns.noCustomers') : t('campaigns.notSentYet')}
          description={sent ? undefined : t('campaigns.notSentYetText')}
        />
      ) : (
        <Table.Root size="sm" data-testid="campaign-customers">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('campaigns.customer')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('campaigns.messageStatus')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('campaigns.confirmed')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((customer) => (
              <Table.Row key={customer.customer_id} data-testid="campaign-customer">
                <Table.Cell>{`${customer.first_name} ${customer.last_name}`.trim()}</Table.Cell>
                <Table.Cell data-testid="customer-status">{messageStatusText(customer.actual_message_status, t)}</Table.Cell>
                <Table.Cell>
                  {customer.opener_messages_confirmed ? (
                    <Badge colorPalette="green" data-testid="customer-confirmed">
                      {t('campaigns.yes')}
                    </Badge>
                  ) : (
                    <Text color="fg.muted">{t('campaigns.no')}</Text>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      {more.hasNextPage ? (
        <Box>
          <Button
            variant="outline"
            onClick={() => void more.fetchNextPage()}
            loading={more.isFetchingNextPage}
            data-testid="load-more-customers"
          >
            {t('campaigns.loadMore')}
          </Button>
          {more.isFetchNextPageError ? (
            <Text color="red.600" role="alert">
              {apiErrorText(more.error, ctx.bridge.language)}
            </Text>
          ) : null}
        </Box>
      ) : null}
    </>
  );
}
