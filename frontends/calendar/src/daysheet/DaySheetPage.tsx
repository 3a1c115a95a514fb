import { Box, Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useApiQuery } from '@pawline/api-client';
import type { AppointmentList } from '@pawline/contracts';
import { dateTimeFormat } from '@pawline/domain';
import { EmptyState, QueryState } from '@pawline/ui';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { rangeParams } from '../api/scheduling-api';
import { EMPTY_LIST } from '../calendar/appointment-model';
import { dayParts, type IsoDay } from '../calendar/calendar-dates';
import { petIdsOf } from '../calendar/useCalendarData';
import type { CalendarContext } from '../shared/calendar-context';
import { daySheetOf, type SheetRow, type SheetSection } from './day-sheet';
import { CareFlagNote } from '../calendar/CareFlagNote';
import { PRINT_CSS, SHEET_ATTR } from './print-style';

type Props = { ctx: CalendarContext; orgaId: string; storeId: string; day: IsoDay };

/** /{orgaId}/store/{storeId}/day-sheet?day=YYYY-MM-DD: the store's day per groomer, to print (issue 29). */
export function DaySheetPage({ ctx, orgaId, storeId, day }: Props) {
  const { t, bridge } = ctx;
  const at = useMemo(() => ({ orga: orgaId, store: storeId }), [orgaId, storeId]);
  const parts = useMemo(() => {
    const p = dayParts(day);
    return { y: p.year, m: p.month, d: p.day, y2: p.year, m2: p.month, d2: p.day };
  }, [day]);
  const range = useApiQuery('listAppointmentRange', { params: rangeParams(at, parts) });
  const store = bridge.orga?.stores.find((s) => s.id === storeId);
  const dateText = dateTimeFormat(bridge.language, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

  return (
    <Box {...{ [SHEET_ATTR]: '' }} data-testid="day-sheet">
      <style>{PRINT_CSS}</style>
      <HStack gap="2" mb="3" wrap="wrap" data-print="hide">
        <Button asChild size="sm" variant="outline">
          <Link to={`/${orgaId}/store/${storeId}?day=${day}`}>{t('calendar.daySheetBack')}</Link>
        </Button>
        <Button size="sm" colorPalette="brand" onClick={() => window.print()} data-testid="day-sheet-print">
          {t('calendar.daySheetPrint')}
        </Button>
      </HStack>
      <Heading size="lg">{t('calendar.daySheetTitle', { store: store?.name ?? '' })}</Heading>
      <Text mb="3" data-testid="day-sheet-date">
        {dateText}
      </Text>
      <QueryState
        query={range}
        language={bridge.language}
        errorTitle={t('calendar.daySheetLoadFailed')}
        loadingLabel={t('calendar.loading')}
      >
        {(list) => <SheetBody ctx={ctx} at={at} day={day} list={list} />}
      </QueryState>
    </Box>
  );
}

type BodyProps = { ctx: CalendarContext; at: { orga: string; store: string }; day: IsoDay; list: AppointmentList };

/** The sections once the pets' cards (breed, owner, phone) are read, in one batch as the calendar reads them. */
function SheetBody({ ctx, at, day, list }: BodyProps) {
  const { t, bridge } = ctx;
  const petIds = useMemo(
    () => petIdsOf(list.pets.filter((p) => list.items.some((a) => a.id === p.appointment_id && a.date === day))),
    [list, day],
  );
  const cardsQuery = useApiQuery('listPetCards', { params: at, query: { ids: petIds.join(',') } }, { enabled: petIds.length > 0 });
  const cards = useMemo(() => new Map((cardsQuery.data?.items ?? []).map((c) => [c.pet_id, c])), [cardsQuery.data]);
  // issue 31 the store's vaccine requirement: the sheet flags the pets that miss one that day
  const careSettings = useApiQuery('getCareSettings', { params: at });
  const sections = useMemo(
    () => daySheetOf(list ?? EMPTY_LIST, day, cards, bridge.orga?.users ?? [], careSettings.data),
    [list, day, cards, bridge.orga?.users, careSettings.data],
  );

  if (sections.length === 0) return <EmptyState title={t('calendar.daySheetEmpty')} />;
  const sheet = (
    <Stack gap="6">
      {sections.map((s) => (
        <SheetPart key={s.userId ?? 'unassigned'} ctx={ctx} section={s} />
      ))}
    </Stack>
  );
  if (petIds.length === 0) return sheet;
  return (
    <QueryState
      query={cardsQuery}
      language={bridge.language}
      errorTitle={t('calendar.daySheetLoadFailed')}
      loadingLabel={t('calendar.loading')}
    >
      {() => sheet}
    </QueryState>
  );
}

function SheetPart({ ctx, section }: { ctx: CalendarContext; section: SheetSection }) {
  const { t, bridge } = ctx;
  const clock = dateTimeFormat(bridge.language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  const at = (minutes: number) => clock.format(Date.UTC(2000, 0, 1, Math.floor(minutes / 60), minutes % 60));
  const timeOf = (r: SheetRow) => (r.fullDay ? t('calendar.daySheetAllDay') : `${at(r.start)}–${at(r.end)}`);
  const name = section.name ?? t('calendar.unassigned');
  return (
    <Box as="section" aria-label={name} data-sheet-section="" data-testid="day-sheet-section" data-user-id={section.userId ?? 'unassigned'}>
      <Heading as="h2" size="md" mb="2">
        {name}
      </Heading>
      <Table.Root size="sm" variant="outline">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('calendar.daySheetTime')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('calendar.daySheetPet')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('calendar.daySheetBreed')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('calendar.daySheetTreatments')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('calendar.daySheetNotes')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('calendar.daySheetOwner')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {section.rows.map((r) => (
            <Table.Row key={r.id} data-testid="day-sheet-row">
              <Table.Cell whiteSpace="nowrap">{timeOf(r)}</Table.Cell>
              <Table.Cell>
                <Text fontWeight="semibold">{r.pets.map((p) => p.name).join(', ') || r.title || t('calendar.appointment')}</Text>
                {r.pets
                  .filter((p) => p.allergies)
                  .map((p, i) => (
                    <Text key={i} fontWeight="bold" data-testid="day-sheet-allergies">
                      {r.pets.length > 1 ? `${p.name}: ` : ''}
                      {t('calendar.daySheetAllergies', { text: p.allergies ?? '' })}
                    </Text>
                  ))}
                <CareFlagNote t={t} flag={r.care} testId="day-sheet-care" />
              </Table.Cell>
              <Table.Cell>{r.pets.map((p) => p.breed ?? '–').join(', ')}</Table.Cell>
              <Table.Cell>{r.treatments.join(', ')}</Table.Cell>
              <Table.Cell whiteSpace="pre-wrap">{r.notes ?? ''}</Table.Cell>
              <Table.Cell>
                {r.pets.map((p, i) => (
                  <Text key={i}>
                    {p.owner}
                    {p.phone ? ` · ${p.phone}` : ''}
                  </Text>
                ))}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
