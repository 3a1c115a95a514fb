import { Box, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { AppointmentList } from '@pawline/contracts';
import { calendarRange, calendarRangePathParts } from '@pawline/domain';
import { ConfirmDialog, EmptyState, ErrorState, LoadingState } from '@pawline/ui';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { clockText, dayParts, todayIn } from '../calendar/calendar-dates';
import { errorText, type CalendarContext } from '../shared/calendar-context';
import { recurringGroupsOf, type RecurringGroup } from './recurring-groups';

type Load = { status: 'loading' } | { status: 'ready'; list: AppointmentList } | { status: 'failed'; message: string };

const everyKey = { day: 'calendar.everyDays', week: 'calendar.everyWeeks', month: 'calendar.everyMonths' } as const;

/** /{orgaId}/store/{storeId}/recurring: the store's series over the calendar range of R9.08. */
export function RecurringPage({ ctx, orgaId, storeId }: { ctx: CalendarContext; orgaId: string; storeId: string }) {
  const { api, t, bridge } = ctx;
  const store = bridge.orga?.stores.find((s) => s.id === storeId);
  const today = useMemo(() => todayIn(store?.time_zone), [store?.time_zone]);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [deleting, setDeleting] = useState<RecurringGroup | null>(null);

  const reload = useCallback(() => {
    let active = true;
    setLoad({ status: 'loading' });
    const [y, m, d, y2, m2, d2] = calendarRangePathParts(calendarRange(dayParts(today)));
    api.range(orgaId, storeId, { y, m, d, y2, m2, d2 }).then(
      (list) => active && setLoad({ status: 'ready', list }),
      (error: unknown) => active && setLoad({ status: 'failed', message: errorText(error) }),
    );
    return () => {
      active = false;
    };
  }, [api, orgaId, storeId, today]);
  useEffect(() => reload(), [reload]);

  useEffect(() => ctx.subscribe((message) => (message.scope === 'appointment' ? void reload() : undefined)), [ctx, reload]);

  if (load.status === 'loading') return <LoadingState label={t('calendar.loading')} />;
  if (load.status === 'failed')
    return (
      <ErrorState
        title={t('calendar.recurringLoadFailed')}
        message={load.message}
        retryLabel={t('common.retry')}
        onRetry={() => reload()}
      />
    );
  const groups = recurringGroupsOf(load.list, today);

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
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDeleting(group)}>
                  {t('calendar.deleteSeries')}
                </Button>
              </HStack>
            </Card.Body>
          </Card.Root>
        );
      })}
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
          if (!group) return;
          void api.remove(orgaId, storeId, group.main.id, 'all').then(
            () => {
              bridge.notify(2, t('calendar.deleted'));
              reload();
            },
            (error: unknown) => bridge.notify(0, errorText(error)),
          );
        }}
      />
      <Box />
    </Stack>
  );
}
