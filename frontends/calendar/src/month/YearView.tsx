import { Box, Grid, Heading, Text } from '@chakra-ui/react';
import type { Appointment } from '@pawline/contracts';
import { useMemo } from 'react';
import { dayParts, isoDay, type IsoDay } from '../calendar/calendar-dates';
import { monthGridDays } from '../calendar/calendar-views';

type Props = {
  year: number;
  monthNames: readonly string[];
  weekdayInitials: readonly string[];
  appointments: readonly Appointment[];
  today: IsoDay;
  /** the day's appointments as words (no bare number in a tooltip) */
  countLabel: (count: number) => string;
  onDay: (day: IsoDay) => void;
};

/** Twelve small months; a day with appointments is marked and shows how many. */
export function YearView({ year, monthNames, weekdayInitials, appointments, today, countLabel, onDay }: Props) {
  const counts = useMemo(() => {
    const map = new Map<IsoDay, number>();
    for (const a of appointments) map.set(a.date, (map.get(a.date) ?? 0) + 1);
    return map;
  }, [appointments]);

  return (
    <Grid data-testid="year-view" templateColumns={{ base: 'repeat(1, 1fr)', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }} gap="4">
      {monthNames.map((name, index) => {
        const month = index + 1;
        return (
          <Box key={name} borderWidth="1px" borderRadius="md" p="2">
            <Heading size="sm" mb="1">
              {name}
            </Heading>
            <Grid templateColumns="repeat(7, 1fr)" fontSize="xs" textAlign="center">
              {weekdayInitials.map((initial, i) => (
                <Text key={`${initial}${i}`} color="fg.muted">
                  {initial}
                </Text>
              ))}
              {monthGridDays(isoDay(year, month, 1)).map((day) => {
                if (dayParts(day).month !== month) return <Box key={day} />;
                const count = counts.get(day) ?? 0;
                return (
                  <Box
                    as="button"
                    key={day}
                    data-testid="year-day"
                    data-day={day}
                    data-count={count}
                    title={count > 0 ? countLabel(count) : undefined}
                    aria-label={count > 0 ? `${dayParts(day).day}, ${countLabel(count)}` : undefined}
                    borderRadius="full"
                    fontWeight={day === today ? 'bold' : 'normal'}
                    bg={count > 0 ? 'brand.100' : undefined}
                    onClick={() => onDay(day)}
                  >
                    {dayParts(day).day}
                  </Box>
                );
              })}
            </Grid>
          </Box>
        );
      })}
    </Grid>
  );
}
