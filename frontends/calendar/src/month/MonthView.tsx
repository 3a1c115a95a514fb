import { Box, Grid, Text } from '@chakra-ui/react';
import type { OrganizationUser } from '@pawline/api-client';
import type { Appointment } from '@pawline/contracts';
import { useMemo } from 'react';
import { cardLook, startMinutes } from '../calendar/appointment-model';
import { dayParts, type IsoDay } from '../calendar/calendar-dates';
import type { Translate } from '../i18n/translator';
import { AppointmentCard, CardStyles } from '../grid/AppointmentCard';

export const MONTH_CELL_LIMIT = 3;

type Props = {
  days: readonly IsoDay[];
  month: number;
  weekdayNames: readonly string[];
  appointments: readonly Appointment[];
  staff: ReadonlyMap<string, OrganizationUser>;
  colourOf?: (a: Appointment) => string | null;
  labelOf: (a: Appointment) => string;
  /** issue 31 the vaccination flag of an appointment's pets, if any */
  careOf?: (a: Appointment) => 'missing' | 'expired' | null;
  t: Translate;
  today: IsoDay;
  onOpen: (a: Appointment) => void;
  onMenu?: (a: Appointment, point: { x: number; y: number }) => void;
  onDay: (day: IsoDay) => void;
};

/**
 * A day's appointments in time order, the morning first (issue 26: R9.08's descending order is the pet
 * history's; a day read latest-first hid its morning behind "+2 more").
 */
export function dayInTimeOrder(list: readonly Appointment[]): Appointment[] {
  return [...list].sort((a, b) => startMinutes(a) - startMinutes(b) || a.duration - b.duration || (a.id < b.id ? -1 : 1));
}

/** Whole weeks of a month; a day lists its first appointments in time order, then how many more. */
export function MonthView({
  days,
  month,
  weekdayNames,
  appointments,
  staff,
  colourOf,
  labelOf,
  careOf,
  t,
  today,
  onOpen,
  onMenu,
  onDay,
}: Props) {
  const byDay = useMemo(() => {
    const map = new Map<IsoDay, Appointment[]>();
    for (const a of appointments) map.set(a.date, [...(map.get(a.date) ?? []), a]);
    for (const [day, list] of map) map.set(day, dayInTimeOrder(list));
    return map;
  }, [appointments]);

  return (
    <Box data-testid="month-view" borderWidth="1px" borderRadius="md" overflow="hidden">
      <CardStyles />
      <Grid templateColumns="repeat(7, minmax(0, 1fr))" bg="bg.muted">
        {weekdayNames.map((name) => (
          <Text key={name} textAlign="center" fontSize="sm" fontWeight="semibold" py="1">
            {name}
          </Text>
        ))}
      </Grid>
      <Grid templateColumns="repeat(7, minmax(0, 1fr))">
        {days.map((day) => {
          const list = byDay.get(day) ?? [];
          const inMonth = dayParts(day).month === month;
          return (
            <Box
              key={day}
              minH="24"
              borderTopWidth="1px"
              borderLeftWidth="1px"
              p="1"
              bg={inMonth ? undefined : 'bg.subtle'}
              data-testid="month-day"
              data-day={day}
            >
              <Box
                as="button"
                fontSize="sm"
                fontWeight={day === today ? 'bold' : 'normal'}
                color={inMonth ? 'fg' : 'fg.muted'}
                onClick={() => onDay(day)}
              >
                {dayParts(day).day}
              </Box>
              {list.slice(0, MONTH_CELL_LIMIT).map((a) => (
                <AppointmentCard
                  key={a.id}
                  appointment={a}
                  label={labelOf(a)}
                  look={cardLook(a, staff, colourOf?.(a) ?? null)}
                  care={careOf?.(a) ?? null}
                  t={t}
                  compact
                  onOpen={() => onOpen(a)}
                  onMenu={onMenu ? (point) => onMenu(a, point) : undefined}
                />
              ))}
              {list.length > MONTH_CELL_LIMIT ? (
                <Box as="button" fontSize="xs" color="fg.muted" onClick={() => onDay(day)} data-testid="month-more">
                  {t('calendar.more', { count: list.length - MONTH_CELL_LIMIT })}
                </Box>
              ) : null}
            </Box>
          );
        })}
      </Grid>
    </Box>
  );
}
