import { Badge, Box, Button, Card, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useApiPages, useApiQuery, type OrganizationUser } from '@pawline/api-client';
import { formatAmount, PAGE_SIZES } from '@pawline/domain';
import { apiErrorText, EmptyState, QueryState } from '@pawline/ui';
import { useCallback, useMemo } from 'react';
import type { PetAppointment, PetAppointmentCursor, PetAppointmentPage } from '../api/crm-api';
import type { ClientsContext } from '../shared/clients-context';

const PAGE = PAGE_SIZES.pet_appointments;
/** spec §3: status 2 is declined by the customer (R3.07), 1 confirmed by the customer. */
const DECLINED = 2;
const CONFIRMED = 1;

type Row = { item: PetAppointment; treatments: string[] };

function rowsOf(page: Pick<PetAppointmentPage, 'treatments'> & { items: PetAppointment[] }): Row[] {
  return page.items.map((item) => ({
    item,
    treatments: page.treatments.filter((t) => t.appointment_id === item.id).map((t) => t.name),
  }));
}

/** R9.05 the page after a full one starts after its last appointment; a short page was the last. */
function nextAfter(page: PetAppointmentPage): PetAppointmentCursor | null {
  const last = page.items.at(-1);
  return last && page.items.length >= PAGE ? { starts_at: last.starts_at, id: last.id } : null;
}

/** The appointment's local day and time in the store's zone: its stored local parts, never the browser's zone. */
export function appointmentWhen(item: PetAppointment, language: string): string {
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(item.year, item.month - 1, item.day)),
  );
  if (item.full_day || !item.timed) return day;
  return `${day} ${String(item.hour).padStart(2, '0')}:${String(item.min).padStart(2, '0')}`;
}

function staffName(users: readonly OrganizationUser[] | undefined, id: string | null): string {
  const user = id ? users?.find((u) => u.id === id) : undefined;
  return user ? `${user.first_name} ${user.last_name}`.trim() : '—';
}

/**
 * The pet's appointments in this store (R7.05): the latest one, then the history newest first, 50 a page
 * with "Load more" until a page comes back short (R9.05). Another device's appointment events read both
 * again through the realtime table (R4.17): a deleted appointment leaves, a booked one appears.
 */
export function PetAppointments({ ctx, orgaId, storeId, petId }: { ctx: ClientsContext; orgaId: string; storeId: string; petId: string }) {
  const { t, bridge } = ctx;
  const pet = { orga: orgaId, store: storeId, pet: petId };
  const history = useApiPages('listPetAppointments', {
    input: (after: PetAppointmentCursor | null) => ({
      params: { ...pet, last_date: after?.starts_at ?? 'none', last_id: after?.id ?? 'none' },
    }),
    next: nextAfter,
  });
  // spec §7: a failed latest read is ignored, the history still shows
  const latestRead = useApiQuery('latestPetAppointment', { params: pet }, { retry: false });
  const latest = latestRead.data?.item
    ? (rowsOf({ items: [latestRead.data.item], treatments: latestRead.data.treatments })[0] ?? null)
    : null;
  const rows = useMemo(() => {
    const seen = new Set<string>();
    return (history.data?.pages ?? []).flatMap(rowsOf).filter((row) => !seen.has(row.item.id) && !!seen.add(row.item.id));
  }, [history.data]);

  const users = bridge.orga?.users;
  const cells = useCallback(
    (row: Row) => ({
      when: appointmentWhen(row.item, bridge.language),
      treatments: row.treatments.length > 0 ? row.treatments.join(', ') : '—',
      groomer: staffName(users, row.item.user_id),
      price: formatAmount(row.item.final_price ?? row.item.price, { pad: true }),
    }),
    [bridge.language, users],
  );
  const status = (item: PetAppointment) =>
    item.status === DECLINED ? (
      <Badge colorPalette="red">{t('clients.appointmentDeclined')}</Badge>
    ) : item.status === CONFIRMED ? (
      <Badge colorPalette="green">{t('clients.appointmentConfirmed')}</Badge>
    ) : item.checked_out ? (
      <Badge>{t('clients.appointmentDone')}</Badge>
    ) : (
      <Badge variant="outline">{t('clients.appointmentBooked')}</Badge>
    );

  return (
    <Card.Root data-testid="pet-appointments">
      <Card.Header>
        <Heading size="md">{t('clients.appointments')}</Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {latest ? (
            <Stack gap="1" data-testid="pet-latest-appointment">
              <Text fontWeight="semibold">{t('clients.latestAppointment')}</Text>
              <HStack gap="3" flexWrap="wrap">
                <Text>{cells(latest).when}</Text>
                <Text>{cells(latest).treatments}</Text>
                <Text>{cells(latest).groomer}</Text>
                {status(latest.item)}
                <Text>{cells(latest).price}</Text>
              </HStack>
            </Stack>
          ) : null}
          <QueryState
            query={history}
            language={bridge.language}
            errorTitle={t('clients.appointmentsFailed')}
            isEmpty={() => rows.length === 0}
            empty={<EmptyState title={t('clients.noAppointments')} />}
          >
            {() => (
              <Table.Root size="sm">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('clients.appointmentWhen')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('clients.appointmentTreatments')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('clients.appointmentGroomer')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('clients.appointmentStatus')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('clients.appointmentPrice')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {rows.map((row) => {
                    const c = cells(row);
                    return (
                      <Table.Row key={row.item.id} data-testid="pet-appointment-row">
                        <Table.Cell>{c.when}</Table.Cell>
                        <Table.Cell>{c.treatments}</Table.Cell>
                        <Table.Cell>{c.groomer}</Table.Cell>
                        <Table.Cell>{status(row.item)}</Table.Cell>
                        <Table.Cell textAlign="end">{c.price}</Table.Cell>
                      </Table.Row>
                    );
                  })}
                </Table.Body>
              </Table.Root>
            )}
          </QueryState>
          {history.hasNextPage ? (
            <Box>
              <Button
                size="sm"
                variant="outline"
                loading={history.isFetchingNextPage}
                onClick={() => void history.fetchNextPage()}
                data-testid="pet-appointments-more"
              >
                {t('clients.loadMore')}
              </Button>
              {history.isFetchNextPageError ? (
                <Text color="red.600" fontSize="sm" role="alert">
                  {apiErrorText(history.error, bridge.language)}
                </Text>
              ) : null}
            </Box>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
