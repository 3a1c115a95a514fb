import { Heading, Stack } from '@chakra-ui/react';
import { useApiQuery, type ShellBridge } from '@pawline/api-client';
import { useState } from 'react';
import { useParams } from 'react-router';
import { centsText } from '../csv';
import type { Translate } from '../i18n/translator';
import type { PeriodChoice } from './analyses-api';
import { MessagesView } from './MessagesView';
import { ChartCard, Figures, PeriodPickers, StatisticsState, moneyFormat, type ChartKind } from './parts';

/** R1.12 R2.02 spec §2 /{orgaId}: the organization's statistics across its stores (organization administrators). */
export function OrgaAnalysesPage({ bridge, t }: { bridge: ShellBridge; t: Translate }) {
  const { orgaId = '' } = useParams();
  const [choice, setChoice] = useState<PeriodChoice>({ period: '30d', bucket: 'day' });
  const [chart, setChart] = useState<ChartKind>('line');
  const statistics = useApiQuery('getOrgaStatistics', { params: { orga: orgaId }, query: choice });
  const stores = (bridge.orga as { stores?: { id: string; name: string }[] } | null | undefined)?.stores ?? [];
  const storeName = (id: string) => stores.find((s) => s.id === id)?.name ?? id;
  const money = moneyFormat(bridge.language);
  return (
    <Stack gap="4" data-testid="analyses-orga-page">
      <Heading as="h2" size="lg">
        {t('analyses.orgaTitle')}
      </Heading>
      <PeriodPickers t={t} choice={choice} chart={chart} onChoice={setChoice} onChart={setChart} />
      <StatisticsState t={t} language={bridge.language} query={statistics}>
        {(data) => (
          <Stack gap="4">
            <Figures
              items={[
                [t('analyses.appointments'), String(data.totals.appointments)],
                [t('analyses.revenue'), money(data.totals.revenue_cents)],
                [t('analyses.averageTicket'), money(data.totals.average_ticket_cents)],
                [t('analyses.customers'), String(data.totals.customers)],
              ]}
            />
            <ChartCard
              t={t}
              id="orga-over-time"
              title={t('analyses.overTime')}
              rows={data.series.map((r) => ({ ...r, euros: r.revenue_cents / 100 }))}
              xKey="bucket"
              chart={chart}
              plotted={['appointments', 'euros']}
              columns={[
                { key: 'bucket', label: data.bucket === 'day' ? t('analyses.day') : t('analyses.month'), value: (r) => r.bucket },
                { key: 'appointments', label: t('analyses.appointments'), value: (r) => r.appointments },
                { key: 'euros', label: t('analyses.revenue'), value: (r) => r.euros, show: (r) => money(r.revenue_cents) },
              ]}
            />
            <ChartCard
              t={t}
              id="stores"
              title={t('analyses.stores')}
              rows={data.stores.map((s) => ({ ...s, name: storeName(s.store_id) }))}
              xKey="name"
              chart="bar"
              plotted={['appointments']}
              columns={[
                { key: 'name', label: t('analyses.store'), value: (r) => r.name },
                { key: 'appointments', label: t('analyses.appointments'), value: (r) => r.appointments },
                {
                  key: 'revenue',
                  label: t('analyses.revenue'),
                  value: (r) => centsText(r.revenue_cents),
                  show: (r) => money(r.revenue_cents),
                },
                {
                  key: 'average',
                  label: t('analyses.averageTicket'),
                  value: (r) => centsText(r.average_ticket_cents),
                  show: (r) => money(r.average_ticket_cents),
                },
                { key: 'customers', label: t('analyses.customers'), value: (r) => r.customers },
              ]}
            />
            <MessagesView t={t} data={data} chart={chart} />
            <ChartCard
              t={t}
              id="stores-messages"
              title={t('analyses.storesMessages')}
              rows={data.stores.map((s) => ({ name: storeName(s.store_id), ...s.reminders, campaign: s.campaigns }))}
              xKey="name"
              chart="bar"
              plotted={['sent', 'read', 'messages', 'campaign_read']}
              columns={[
                { key: 'name', label: t('analyses.store'), value: (r) => r.name },
                { key: 'sent', label: t('analyses.remindersSent'), value: (r) => r.sent },
                { key: 'read', label: t('analyses.remindersRead'), value: (r) => r.read },
                { key: 'confirmed', label: t('analyses.remindersConfirmed'), value: (r) => r.confirmed },
                { key: 'declined', label: t('analyses.remindersDeclined'), value: (r) => r.declined },
                { key: 'campaigns', label: t('analyses.campaignsSent'), value: (r) => r.campaign.campaigns },
                { key: 'customers', label: t('analyses.campaignRecipients'), value: (r) => r.campaign.customers },
                { key: 'messages', label: t('analyses.campaignMessages'), value: (r) => r.campaign.messages },
                { key: 'campaign_read', label: t('analyses.campaignRead'), value: (r) => r.campaign.read },
                { key: 'campaign_confirmed', label: t('analyses.campaignConfirmed'), value: (r) => r.campaign.confirmed },
                { key: 'unsubscribed', label: t('analyses.campaignUnsubscribed'), value: (r) => r.campaign.unsubscribed },
              ]}
            />
          </Stack>
        )}
      </StatisticsState>
    </Stack>
  );
}
