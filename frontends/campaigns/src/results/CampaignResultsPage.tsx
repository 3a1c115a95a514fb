import { Badge, Box, Button, Card, Heading, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { EmptyState, ErrorState, LoadingState } from '@pawline/ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { CAMPAIGN_CUSTOMER_PAGE, type CampaignCustomer, type CampaignDetail } from '../api/campaigns-api';
import { StateBadge } from '../list/CampaignListPage';
import { dateTimeText, errorTextIn, messageStatusText, type CampaignsContext } from '../shared/campaign-context';
import { useCampaignEvents } from '../shared/useCampaignEvents';

type View =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'deleted' }
  | { status: 'ready'; detail: CampaignDetail; customers: CampaignCustomer[]; done: boolean };

/** R3.11 R7.08 a campaign's result and each customer's message status and opener confirmation (200 a page); live (R4.20). */
export function CampaignResultsPage({ ctx }: { ctx: CampaignsContext }) {
  const { api, t, bridge, storeId, base } = ctx;
  const campaignId = useParams().campaignId ?? '';
  const errorText = useMemo(() => errorTextIn(t), [t]);
  const [view, setView] = useState<View>({ status: 'loading' });
  const [moreError, setMoreError] = useState<string | null>(null);
  const generation = useRef(0);

  const reload = useCallback(() => {
    const mine = ++generation.current;
    Promise.all([api.get(campaignId), api.customers(campaignId, null)]).then(
      ([detail, customers]) =>
        mine === generation.current && setView({ status: 'ready', detail, customers, done: customers.length < CAMPAIGN_CUSTOMER_PAGE }),
      (error: unknown) => mine === generation.current && setView({ status: 'error', message: errorText(error) }),
    );
  }, [api, campaignId, errorText]);

  useEffect(reload, [reload]);

  // R4.20 its deletion shows it gone; any other event of it (a status came back) refetches it
  useCampaignEvents(bridge, storeId, (event) => {
    if (event.id !== campaignId) return;
    if (event.deleted) setView({ status: 'deleted' });
    else reload();
  });

  const loadMore = () => {
    if (view.status !== 'ready') return;
    setMoreError(null);
    api.customers(campaignId, view.customers.at(-1)?.customer_id ?? null).then(
      (more) =>
        setView((current) =>
          current.status === 'ready'
            ? { ...current, customers: [...current.customers, ...more], done: more.length < CAMPAIGN_CUSTOMER_PAGE }
            : current,
        ),
      (error: unknown) => setMoreError(errorText(error)),
    );
  };

  const back = (
    <Button asChild variant="ghost">
      <Link to={base}>{`← ${t('campaigns.title')}`}</Link>
    </Button>
  );
  if (view.status === 'loading') return <LoadingState label={t('campaigns.loading')} />;
  if (view.status === 'error')
    return <ErrorState title={t('campaigns.loadFailed')} message={view.message} retryLabel={t('campaigns.retry')} onRetry={reload} />;
  if (view.status === 'deleted')
    return (
      <Stack gap="3" data-testid="campaign-deleted">
        <Text>{t('campaigns.deletedElsewhere')}</Text>
        <Box>{back}</Box>
      </Stack>
    );

  const { setting, result } = view.detail;
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
      {view.customers.length === 0 ? (
        <EmptyState
          title={setting.state === 'sent' ? t('campaigns.noCustomers') : t('campaigns.notSentYet')}
          description={setting.state === 'sent' ? undefined : t('campaigns.notSentYetText')}
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
            {view.customers.map((customer) => (
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
      {!view.done ? (
        <Box>
          <Button variant="outline" onClick={loadMore} data-testid="load-more-customers">
            {t('campaigns.loadMore')}
          </Button>
          {moreError ? (
            <Text color="red.600" role="alert">
              {moreError}
            </Text>
          ) : null}
        </Box>
      ) : null}
    </Stack>
  );
}
