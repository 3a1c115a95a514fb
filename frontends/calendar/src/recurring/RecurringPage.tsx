import { Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useApiMutation, useApiQuery } from '@pawline/api-client';
import { calendarRange, calendarRangePathParts } from '@pawline/domain';
import { ConfirmDialog, EmptyState, QueryState } from '@pawline/ui';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { appointmentWrites, rangeParams } from '../api/scheduling-api';
import { clockText, dayParts, todayIn } from '../calendar/calendar-dates';
import type { CalendarContext } from '../shared/calendar-context';
import { recurringGroupsOf, type RecurringGroup } from './recurring-groups';

const everyKey = { day: 'calendar.everyDays', week: 'calendar.everyWeeks', month: 'calendar.everyMonths' } as const;

/** /{orgaId}/store/{storeId}/recurring: the store's series over the calendar range of R9.08. */
export function RecurringPage({ ctx, orgaId, storeId }: { ctx: CalendarContext; orgaId: string; storeId: string }) {
  const { t, bridge } = ctx;
  const store = bridge.orga?.stores.find((s) => s.id === storeId);
  const today = useMemo(() => todayIn(store?.time_zone), [store?.time_zone]);
  const at = useMemo(() => ({ orga: orgaId, store: storeId }), [orgaId, storeId]);
  const [deleting, setDeleting] = useState<RecurringGroup | null>(null);
  const parts = useMemo(() => {
    const [y, m, d, y2, m2, d2] = calendarRangePathParts(calendarRange(dayParts(today)));
    return { y, m, d, y2, m2, d2 };
  }, [today]);
  // realtime: an appointment's change invalidates the store's ranges (REALTIME_INVALIDATIONS), this one too
  const range = useApiQuery('listAppointmentRange', { params: rangeParams(at, parts) });
  const remove = useApiMutation('deleteAppointment', { invalidates: appointmentWrites(at), success: t('calendar.deleted') });

  return (
    <>
      <QueryState
        query={range}
        language={bridge.language}
        errorTitle={t('calendar.recurringLoadFailed')}
        loadingLabel={t('calendar.loading')}
      >
        {(list) => (
          <RecurringGroups
            ctx={ctx}
            orgaId={orgaId}
            storeId={storeId}
            groups={recurringGroupsOf(list, today)}
            today={today}
            onDelete={setDeleting}
          />
        )}
      </QueryState>
      <ConfirmDialog
        open={deleting !== null}
        title={t('calendar.deleteSeriesConfirm')}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        danger
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const group = deleting;
          setDeleting(null);
          if (group) remove.mutate({ params: { ...at, id: group.main.id }, query: { scope: 'all' } });
        }}
      />
    </>
  );
}

type GroupsProps = {
  ctx: CalendarContext;
  orgaId: string;
  storeId: string;
  groups: readonly RecurringGroup[];
  today: string;
  onDelete: (group: RecurringGroup) => void;
};

/** Each series: interval, count or unlimited, end, next date and the upcoming count; open it or delete it. */
function RecurringGroups({ ctx, orgaId, storeId, groups, today, onDelete }: GroupsProps) {
  const { t } = ctx;
  return (
    <Stack gap="3" data-testid="recurring-page">
      <Heading size="lg">{t('calendar.recurringTitle')}</Heading>
      {groups.length === 0 ? <EmptyState title={t('calendar.recurringEmpty')} /> : null}
      {groups.map((group) => {
        const data = group.main.recurring_data;
        const shown = group.next ?? group.main;
        return (
          <Card.Root key={group.groupId} data-testid="recurring-group">
            <Card.Body gap="1">
              <Text fontWeight="semibold">{group.main.app_name ?? t('calendar.appointment')}</Text>
              <Text fontSize="sm">
                {data ? t(everyKey[data.unit], { every: data.every }) : null}
                {' · '}
                {data?.count ? t('calendar.times', { count: data.count }) : t('calendar.unlimited')}
                {group.main.recurring_end ? ` · ${t('calendar.endsOn', { date: group.main.recurring_end })}` : null}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {t('calendar.nextDate', { date: shown.date, time: clockText(shown.hour * 60 + shown.min) })} ·{' '}
                {t('calendar.upcoming', { count: group.members.filter((a) => a.date >= today).length })}
              </Text>
              <HStack mt="2">
                <Button asChild size="sm" variant="outline">
                  <Link to={`/${orgaId}/store/${storeId}?day=${shown.date}`}>{t('calendar.openInCalendar')}</Link>
                </Button>
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => onDelete(group)}>
                  {t('calendar.deleteSeries')}
                </Button>
              </HStack>
            </Card.Body>
          </Card.Root>
        );
      })}
    </Stack>
  );
}
