import { Stack, Text } from '@chakra-ui/react';
import type { Translate } from '../i18n/translator';
import type { SalonStatistics } from './analyses-api';
import { ChartCard, Figures, type ChartKind } from './parts';

/**
 * R1.12 WhatsApp reminders (sent, read, the customers' confirmations and declines) and campaigns' results
 * (campaigns sent, their messages sent and read, readings confirmed, unsubscriptions) over the period: a
 * store's, or an organization's stores together (the same fields of OrgaStatistics).
 */
export function MessagesView({
  t,
  data,
  chart,
}: {
  t: Translate;
  data: Pick<SalonStatistics, 'bucket' | 'reminders' | 'campaigns'>;
  chart: ChartKind;
}) {
  const bucketLabel = data.bucket === 'day' ? t('analyses.day') : t('analyses.month');
  const { reminders, campaigns } = data;
  return (
    <Stack gap="4" pt="3">
      <Figures
        items={[
          [t('analyses.remindersSent'), String(reminders.totals.sent)],
          [t('analyses.remindersRead'), String(reminders.totals.read)],
          [t('analyses.remindersConfirmed'), String(reminders.totals.confirmed)],
          [t('analyses.remindersDeclined'), String(reminders.totals.declined)],
        ]}
      />
      <ChartCard
        t={t}
        id="whatsapp-reminders"
        title={t('analyses.whatsappReminders')}
        rows={reminders.series}
        xKey="bucket"
        chart={chart}
        plotted={['sent', 'read', 'confirmed', 'declined']}
        columns={[
          { key: 'bucket', label: bucketLabel, value: (r) => r.bucket },
          { key: 'sent', label: t('analyses.remindersSent'), value: (r) => r.sent },
          { key: 'read', label: t('analyses.remindersRead'), value: (r) => r.read },
          { key: 'confirmed', label: t('analyses.remindersConfirmed'), value: (r) => r.confirmed },
          { key: 'declined', label: t('analyses.remindersDeclined'), value: (r) => r.declined },
        ]}
      />
      <Text fontSize="sm" color="fg.muted">
        {t('analyses.answersHint')}
      </Text>
      <Figures
        items={[
          [t('analyses.campaignsSent'), String(campaigns.totals.campaigns)],
          [t('analyses.campaignRecipients'), String(campaigns.totals.customers)],
          [t('analyses.campaignMessages'), String(campaigns.totals.messages)],
          [t('analyses.campaignRead'), String(campaigns.totals.read)],
          [t('analyses.campaignConfirmed'), String(campaigns.totals.confirmed)],
          [t('analyses.campaignUnsubscribed'), String(campaigns.totals.unsubscribed)],
        ]}
      />
      <ChartCard
        t={t}
        id="campaigns"
        title={t('analyses.campaignResults')}
        rows={campaigns.series}
        xKey="bucket"
        chart={chart}
        plotted={['messages', 'read', 'confirmed', 'unsubscribed']}
        columns={[
          { key: 'bucket', label: bucketLabel, value: (r) => r.bucket },
          { key: 'campaigns', label: t('analyses.campaignsSent'), value: (r) => r.campaigns },
          { key: 'messages', label: t('analyses.campaignMessages'), value: (r) => r.messages },
          { key: 'read', label: t('analyses.campaignRead'), value: (r) => r.read },
          { key: 'confirmed', label: t('analyses.campaignConfirmed'), value: (r) => r.confirmed },
          { key: 'unsubscribed', label: t('analyses.campaignUnsubscribed'), value: (r) => r.unsubscribed },
        ]}
      />
    </Stack>
  );
}
