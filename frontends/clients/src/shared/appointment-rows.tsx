import { Badge, Box, Button, Table, Text } from '@chakra-ui/react';
import type { Language, OrganizationUser } from '@pawline/api-client';
import { formatAmount, PAGE_SIZES } from '@pawline/domain';
import { apiErrorText } from '@pawline/ui';
import type { ReactNode } from 'react';
import type { PetAppointment, PetAppointmentCursor, PetAppointmentPage } from '../api/crm-api';
import type { ClientsContext } from './clients-context';

// What a pet's and a customer's appointments show alike: a row per appointment with its treatments and pets.

const PAGE = PAGE_SIZES.pet_appointments;
/** spec §3: status 2 is declined by the customer (R3.07), 1 confirmed by the customer. */
const DECLINED = 2;
const CONFIRMED = 1;

export type AppointmentRow = { item: PetAppointment; treatments: string[]; petIds: string[] };
type AppointmentListPage = Pick<PetAppointmentPage, 'treatments' | 'pets'> & { items: PetAppointment[] };

export function rowsOf(page: AppointmentListPage): AppointmentRow[] {
  return page.items.map((item) => ({
    item,
    treatments: page.treatments.filter((t) => t.appointment_id === item.id).map((t) => t.name),
    petIds: page.pets.filter((p) => p.appointment_id === item.id).map((p) => p.pet_id),
  }));
}

/** The rows of the pages read so far, each appointment once (one that moved between two reads keeps its first place). */
export function rowsOfPages(pages: readonly AppointmentListPage[] | undefined): AppointmentRow[] {
  const seen = new Set<string>();
  return (pages ?? []).flatMap(rowsOf).filter((row) => !seen.has(row.item.id) && !!seen.add(row.item.id));
}

/** R9.05 the page after a full one starts after its last appointment; a short page was the last. */
export function nextAfter(page: { items: readonly PetAppointment[] }): PetAppointmentCursor | null {
  const last = page.items.at(-1);
  return last && page.items.length >= PAGE ? { starts_at: last.starts_at, id: last.id } : null;
}

/** The cursor as the path carries it: spec §7's `none` for the first page. */
export function cursorParams(after: PetAppointmentCursor | null): { last_date: string; last_id: string } {
  return { last_date: after?.starts_at ?? 'none', last_id: after?.id ?? 'none' };
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
  const user = id ? users?.find((u) => u.user_id === id) : undefined;
  return user ? `${user.first_name} ${user.last_name}`.trim() : '—';
}

/** The cells of a row in the user's language: when, treatments, groomer and price (the final one once checked out). */
export function appointmentCells(row: AppointmentRow, language: Language, users: readonly OrganizationUser[] | undefined) {
  return {
    when: appointmentWhen(row.item, language),
    treatments: row.treatments.length > 0 ? row.treatments.join(', ') : '—',
    groomer: staffName(users, row.item.user_id),
    price: formatAmount(row.item.final_price ?? row.item.price, { pad: true }),
  };
}

export function AppointmentStatus({ item, t }: { item: PetAppointment; t: ClientsContext['t'] }) {
  if (item.status === DECLINED) return <Badge colorPalette="red">{t('clients.appointmentDeclined')}</Badge>;
  if (item.status === CONFIRMED) return <Badge colorPalette="green">{t('clients.appointmentConfirmed')}</Badge>;
  if (item.checked_out) return <Badge>{t('clients.appointmentDone')}</Badge>;
  return <Badge variant="outline">{t('clients.appointmentBooked')}</Badge>;
}

/** Appointments as a table; `pets` adds a column naming each appointment's pets (a customer's page). */
export function AppointmentTable({
  ctx,
  rows,
  rowTestId,
  pets,
}: {
  ctx: ClientsContext;
  rows: readonly AppointmentRow[];
  rowTestId: string;
  pets?: (row: AppointmentRow) => string;
}) {
  const { t, bridge } = ctx;
  return (
    <Table.ScrollArea>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('clients.appointmentWhen')}</Table.ColumnHeader>
            {pets ? <Table.ColumnHeader>{t('clients.appointmentPets')}</Table.ColumnHeader> : null}
            <Table.ColumnHeader>{t('clients.appointmentTreatments')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('clients.appointmentGroomer')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('clients.appointmentStatus')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('clients.appointmentPrice')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => {
            const c = appointmentCells(row, bridge.language, bridge.orga?.users);
            return (
              <Table.Row key={row.item.id} data-testid={rowTestId}>
                <Table.Cell>{c.when}</Table.Cell>
                {pets ? <Table.Cell>{pets(row)}</Table.Cell> : null}
                <Table.Cell>{c.treatments}</Table.Cell>
                <Table.Cell>{c.groomer}</Table.Cell>
                <Table.Cell>
                  <AppointmentStatus item={row.item} t={t} />
                </Table.Cell>
                <Table.Cell textAlign="end">{c.price}</Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** "Load more" of a paged list of appointments, with why the last one failed. */
export function LoadMoreAppointments({
  ctx,
  pages,
  testId,
}: {
  ctx: ClientsContext;
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; isFetchNextPageError: boolean; error: unknown; fetchNextPage: () => unknown };
  testId: string;
}): ReactNode {
  const { t, bridge } = ctx;
  if (!pages.hasNextPage) return null;
  return (
    <Box>
      <Button
        size="sm"
        variant="outline"
        loading={pages.isFetchingNextPage}
        onClick={() => void pages.fetchNextPage()}
        data-testid={testId}
      >
        {t('clients.loadMore')}
      </Button>
      {pages.isFetchNextPageError ? (
        <Text color="red.600" fontSize="sm" role="alert">
          {apiErrorText(pages.error, bridge.language)}
        </Text>
      ) : null}
    </Box>
  );
}
