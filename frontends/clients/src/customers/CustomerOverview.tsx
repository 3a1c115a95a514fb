import { Badge, Button, Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useApiQuery, type AnswerOf, type Language } from '@pawline/api-client';
import { hasStoreAccess } from '@pawline/domain';
import { QueryState } from '@pawline/ui';
import { Link } from 'react-router';
import type { CustomerDetail } from '../api/crm-api';
import type { ClientsContext } from '../shared/clients-context';
import { bookingPath, conversationPath } from '../shared/other-remotes';
import { sortAssigned, tagSymbol } from '../tags/tag-icons';

type Summary = AnswerOf<'getCustomerAppointmentSummary'>;
const CONSENTS = ['messages', 'reminders', 'marketing'] as const;

function euros(cents: number, language: Language): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

function localDay(date: string, language: Language): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1)),
  );
}

/**
 * Issue 29 the customer at a glance: their appointments in this store (upcoming, spend and average ticket from
 * the check-outs, last visit, declines and no-shows), their tags and consents, and Book and Message.
 */
export function CustomerOverview({
  ctx,
  orgaId,
  storeId,
  detail,
}: {
  ctx: ClientsContext;
  orgaId: string;
  storeId: string;
  detail: CustomerDetail;
}) {
  const { t, bridge } = ctx;
  const customer = detail.customer;
  const summary = useApiQuery('getCustomerAppointmentSummary', { params: { orga: orgaId, store: storeId, customer: customer.id } });
  // booking changes the store (store write, spec §6): without it the calendar opens no dialog
  const mayBook = !bridge.orga || hasStoreAccess(bridge.orga, bridge.user.id, storeId, 'store_write');
  const phone = customer.fon ?? customer.fon_2;

  return (
    <Card.Root data-testid="customer-overview">
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading size="md">{t('clients.atAGlance')}</Heading>
          <HStack gap="2">
            {mayBook ? (
              <Button asChild size="sm" colorPalette="brand">
                <Link to={bookingPath(orgaId, storeId, customer.id)} data-testid="book-customer">
                  {t('clients.book')}
                </Link>
              </Button>
            ) : null}
            {phone ? (
              <Button asChild size="sm" variant="outline">
                <Link to={conversationPath(orgaId, storeId, customer.id)} data-testid="message-customer">
                  {t('clients.message')}
                </Link>
              </Button>
            ) : (
              <Text fontSize="sm" color="fg.muted" data-testid="message-needs-phone">
                {t('clients.messageNeedsPhone')}
              </Text>
            )}
          </HStack>
        </HStack>
      </Card.Header>
      <Card.Body gap="4">
        <QueryState query={summary} language={bridge.language} errorTitle={t('clients.summaryFailed')}>
          {(figures) => <SummaryFigures ctx={ctx} summary={figures} />}
        </QueryState>
        <HStack gap="2" wrap="wrap" data-testid="customer-glance-tags">
          {sortAssigned(detail.tags).map((tag) => (
            <Badge key={tag.tag_id} colorPalette="brand">
              {`${tagSymbol(tag)} ${tag.name}`.trim()}
            </Badge>
          ))}
          {CONSENTS.map((consent) => {
            const given = customer[`consent_${consent}`];
            const name = t(`clients.consentShort_${consent}`);
            return (
              <Badge
                key={consent}
                colorPalette={given ? 'green' : 'gray'}
                variant={given ? 'subtle' : 'outline'}
                data-testid={`consent-${consent}`}
              >
                {t(given ? 'clients.consentYes' : 'clients.consentNo', { name })}
              </Badge>
            );
          })}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function SummaryFigures({ ctx, summary }: { ctx: ClientsContext; summary: Summary }) {
  const { t, bridge } = ctx;
  const figures: { key: string; label: string; value: string }[] = [
    { key: 'appointments', label: t('clients.statAppointments'), value: String(summary.appointments) },
    { key: 'upcoming', label: t('clients.statUpcoming'), value: String(summary.upcoming) },
    { key: 'spend', label: t('clients.statSpend'), value: euros(summary.spend, bridge.language) },
    {
      key: 'average',
      label: t('clients.statAverageTicket'),
      value: summary.average_ticket === null ? '—' : euros(summary.average_ticket, bridge.language),
    },
    {
      key: 'last-visit',
      label: t('clients.statLastVisit'),
      value: summary.last_visit ? localDay(summary.last_visit.date, bridge.language) : t('clients.noVisitYet'),
    },
    { key: 'declined', label: t('clients.statDeclined'), value: String(summary.declined) },
    // counted once the no-show status exists (null until then: nothing to say yet)
    ...(summary.no_shows === null ? [] : [{ key: 'no-shows', label: t('clients.statNoShows'), value: String(summary.no_shows) }]),
  ];
  return (
    <Stack gap="2">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" as="dl">
        {figures.map((figure) => (
          <Stack key={figure.key} gap="0" data-testid={`stat-${figure.key}`}>
            <Text as="dt" fontSize="sm" color="fg.muted">
              {figure.label}
            </Text>
            <Text as="dd" fontSize="lg" fontWeight="semibold">
              {figure.value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      {summary.history_from ? (
        <Text fontSize="sm" color="fg.muted" data-testid="history-since">
          {t('clients.historySince', { date: localDay(summary.history_from.slice(0, 10), bridge.language) })}
        </Text>
      ) : null}
    </Stack>
  );
}
