import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useApiQuery, type ShellBridge } from '@pawline/api-client';
import { useState } from 'react';
import { useParams } from 'react-router';
import { centsText } from '../csv';
import type { Translate } from '../i18n/translator';
import type { CustomerStatistics, PeriodChoice, SalonStatistics } from './analyses-api';
import { MessagesView } from './MessagesView';
import { ChartCard, Figures, PeriodPickers, StatisticsState, moneyFormat, type ChartKind } from './parts';

type Names = { staff: Map<string, string>; treatments: Map<string, string> };

// analytics' ISO weekday 1 Monday … 7 Sunday → its name
const WEEKDAY_KEYS = [
  'analyses.weekday1',
  'analyses.weekday2',
  'analyses.weekday3',
  'analyses.weekday4',
  'analyses.weekday5',
  'analyses.weekday6',
  'analyses.weekday7',
] as const;
const TAB_LABELS = { salon: 'analyses.salonTab', customers: 'analyses.customersTab', messages: 'analyses.messagesTab' } as const;

function staffNames(bridge: ShellBridge): Map<string, string> {
  const users = (bridge.orga as { users?: { user_id: string; first_name: string; last_name: string }[] } | null | undefined)?.users ?? [];
  return new Map(users.map((u) => [u.user_id, `${u.first_name} ${u.last_name}`.trim()]));
}

/** R1.12 spec §2 /{orgaId}/store/{storeId}/admin/analyses: salon and customer statistics of the store. */
export function StoreAnalysesPage({ bridge, t }: { bridge: ShellBridge; t: Translate }) {
  const { orgaId = '', storeId = '' } = useParams();
  const [choice, setChoice] = useState<PeriodChoice>({ period: '30d', bucket: 'day' });
  const [chart, setChart] = useState<ChartKind>('line');
  const [tab, setTab] = useState<'salon' | 'customers' | 'messages'>('salon');
  const store = { params: { orga: orgaId, store: storeId }, query: choice };
  const salon = useApiQuery('getSalonStatistics', store);
  const customers = useApiQuery('getCustomerStatistics', store);
  // the treatments' names; without them a row says 'unknown treatment'
  const treatmentList = useApiQuery('listTreatments', { params: { orga: orgaId } });
  const names: Names = {
    staff: staffNames(bridge),
    treatments: new Map((treatmentList.data ?? []).map((tr) => [tr.id, tr.name])),
  };
  return (
    <Stack gap="4" data-testid="analyses-page">
      <Heading as="h2" size="lg">
        {t('analyses.title')}
      </Heading>
      <PeriodPickers t={t} choice={choice} chart={chart} onChoice={setChoice} onChart={setChart} />
      <HStack role="tablist" gap="2">
        {(['salon', 'customers', 'messages'] as const).map((name) => (
          <Button
            key={name}
            role="tab"
            aria-selected={tab === name}
            size="sm"
            variant={tab === name ? 'solid' : 'outline'}
            onClick={() => setTab(name)}
          >
            {t(TAB_LABELS[name])}
          </Button>
        ))}
      </HStack>
      <div role="tabpanel">
        {tab === 'salon' ? (
          <StatisticsState t={t} language={bridge.language} query={salon}>
            {(data) => <SalonView t={t} data={data} chart={chart} names={names} language={bridge.language} />}
          </StatisticsState>
        ) : tab === 'customers' ? (
          <StatisticsState t={t} language={bridge.language} query={customers}>
            {(data) => <CustomersView t={t} data={data} chart={chart} />}
          </StatisticsState>
        ) : (
          <StatisticsState t={t} language={bridge.language} query={salon}>
            {(data) => <MessagesView t={t} data={data} chart={chart} />}
          </StatisticsState>
        )}
      </div>
    </Stack>
  );
}

function SalonView({
  t,
  data,
  chart,
  names,
  language,
}: {
  t: Translate;
  data: SalonStatistics;
  chart: ChartKind;
  names: Names;
  language: string;
}) {
  const money = moneyFormat(language);
  const bucketLabel = data.bucket === 'day' ? t('analyses.day') : t('analyses.month');
  return (
    <Stack gap="4" pt="3">
      <Figures
        items={[
          [t('analyses.appointments'), String(data.totals.appointments)],
          [t('analyses.revenue'), money(data.totals.revenue_cents)],
          [t('analyses.averageTicket'), money(data.totals.average_ticket_cents)],
          [t('analyses.checkedOut'), String(data.totals.checked_out)],
          [t('analyses.declined'), String(data.totals.declined)],
        ]}
      />
      <ChartCard
        t={t}
        id="appointments"
        title={t('analyses.overTime')}
        rows={data.series}
        xKey="bucket"
        chart={chart}
        plotted={['appointments', 'checked_out']}
        columns={[
          { key: 'bucket', label: bucketLabel, value: (r) => r.bucket },
          { key: 'appointments', label: t('analyses.appointments'), value: (r) => r.appointments },
          { key: 'checked_out', label: t('analyses.checkedOut'), value: (r) => r.checked_out },
          { key: 'revenue', label: t('analyses.revenue'), value: (r) => centsText(r.revenue_cents), show: (r) => money(r.revenue_cents) },
        ]}
      />
      <ChartCard
        t={t}
        id="revenue"
        title={t('analyses.revenue')}
        rows={data.series.map((r) => ({ ...r, euros: r.revenue_cents / 100 }))}
        xKey="bucket"
        chart={chart}
        plotted={['euros']}
        columns={[
          { key: 'bucket', label: bucketLabel, value: (r) => r.bucket },
          { key: 'euros', label: t('analyses.revenue'), value: (r) => r.euros, show: (r) => money(r.revenue_cents) },
        ]}
      />
      <ChartCard
        t={t}
        id="busiest-days"
        title={t('analyses.busiestDays')}
        rows={data.weekdays.map((w) => ({ ...w, name: t(WEEKDAY_KEYS[w.weekday - 1] ?? 'analyses.weekday') }))}
        xKey="name"
        chart="bar"
        plotted={['appointments']}
        columns={[
          { key: 'name', label: t('analyses.weekday'), value: (r) => r.name },
          { key: 'appointments', label: t('analyses.appointments'), value: (r) => r.appointments },
        ]}
      />
      <ChartCard
        t={t}
        id="busiest-hours"
        title={t('analyses.busiestHours')}
        rows={data.hours.map((h) => ({ ...h, name: `${String(h.hour).padStart(2, '0')}:00` }))}
        xKey="name"
        chart="bar"
        plotted={['appointments']}
        columns={[
          { key: 'name', label: t('analyses.hour'), value: (r) => r.name },
          { key: 'appointments', label: t('analyses.appointments'), value: (r) => r.appointments },
        ]}
      />
      <ChartCard
        t={t}
        id="treatments"
        title={t('analyses.treatments')}
        rows={data.treatments.map((r) => ({ ...r, name: names.treatments.get(r.treatment_id) ?? t('analyses.unknownTreatment') }))}
        xKey="name"
        chart="bar"
        plotted={['appointments']}
        columns={[
          { key: 'name', label: t('analyses.treatment'), value: (r) => r.name },
          { key: 'appointments', label: t('analyses.appointments'), value: (r) => r.appointments },
          { key: 'revenue', label: t('analyses.revenue'), value: (r) => centsText(r.revenue_cents), show: (r) => money(r.revenue_cents) },
        ]}
      />
      <ChartCard
        t={t}
        id="staff"
        title={t('analyses.staff')}
        rows={data.staff.map((r) => ({
          ...r,
          name: r.user_id === null ? t('analyses.noStaff') : (names.staff.get(r.user_id) ?? t('analyses.unknownStaff')),
        }))}
        xKey="name"
        chart="bar"
        plotted={['minutes', 'working']}
        columns={[
          { key: 'name', label: t('analyses.staffMember'), value: (r) => r.name },
          { key: 'appointments', label: t('analyses.appointments'), value: (r) => r.appointments },
          { key: 'minutes', label: t('analyses.minutes'), value: (r) => r.minutes },
          { key: 'share', label: t('analyses.share'), value: (r) => r.share_percent, show: (r) => `${r.share_percent} %` },
          {
            key: 'working',
            label: t('analyses.workingMinutes'),
            value: (r) => r.working_minutes,
            show: (r) => (r.working_minutes === null ? t('analyses.noWorkingHours') : String(r.working_minutes)),
          },
          {
            key: 'utilisation',
            label: t('analyses.utilisation'),
            value: (r) => r.utilisation_percent,
            show: (r) => (r.utilisation_percent === null ? '—' : `${r.utilisation_percent} %`),
          },
        ]}
      />
      <Text fontSize="sm" color="fg.muted">
        {t('analyses.utilisationHint')}
      </Text>
    </Stack>
  );
}

function CustomersView({ t, data, chart }: { t: Translate; data: CustomerStatistics; chart: ChartKind }) {
  const bucketLabel = data.bucket === 'day' ? t('analyses.day') : t('analyses.month');
  const totals = data.totals;
  return (
    <Stack gap="4" pt="3">
      <Figures
        items={[
          [t('analyses.customers'), String(totals.customers)],
          [t('analyses.newCustomers'), String(totals.new_customers)],
          [t('analyses.returningCustomers'), String(totals.returning_customers)],
          [t('analyses.lostCustomers'), String(totals.lost_customers)],
          [t('analyses.visitsPerCustomer'), String(totals.visits_per_customer)],
          [t('analyses.remindersConfirmed'), String(totals.reminders_confirmed)],
          [t('analyses.remindersDeclined'), String(totals.reminders_declined)],
          [t('analyses.bookingShare'), `${totals.booking_share_percent} %`],
        ]}
      />
      <ChartCard
        t={t}
        id="customers"
        title={t('analyses.customers')}
        rows={data.series}
        xKey="bucket"
        chart={chart}
        plotted={['customers', 'new_customers', 'visits']}
        columns={[
          { key: 'bucket', label: bucketLabel, value: (r) => r.bucket },
          { key: 'customers', label: t('analyses.customers'), value: (r) => r.customers },
          { key: 'new_customers', label: t('analyses.newCustomers'), value: (r) => r.new_customers },
          { key: 'visits', label: t('analyses.visits'), value: (r) => r.visits },
        ]}
      />
      <ChartCard
        t={t}
        id="reminders"
        title={t('analyses.reminders')}
        rows={data.series}
        xKey="bucket"
        chart={chart}
        plotted={['reminders_confirmed', 'reminders_declined', 'booked_appointments']}
        columns={[
          { key: 'bucket', label: bucketLabel, value: (r) => r.bucket },
          { key: 'reminders_confirmed', label: t('analyses.remindersConfirmed'), value: (r) => r.reminders_confirmed },
          { key: 'reminders_declined', label: t('analyses.remindersDeclined'), value: (r) => r.reminders_declined },
          { key: 'booked_appointments', label: t('analyses.bookedAppointments'), value: (r) => r.booked_appointments },
        ]}
      />
      <p>{t('analyses.lostHint', { days: data.lost_after_days })}</p>
    </Stack>
  );
}
