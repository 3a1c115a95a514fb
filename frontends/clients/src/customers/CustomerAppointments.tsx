import { Card, Heading, Stack } from '@chakra-ui/react';
import { useApiPages, type AnswerOf } from '@pawline/api-client';
import { EmptyState, QueryState } from '@pawline/ui';
import { useMemo } from 'react';
import type { PetAppointmentCursor, PetListItem } from '../api/crm-api';
import {
  AppointmentTable,
  cursorParams,
  LoadMoreAppointments,
  nextAfter,
  rowsOfPages,
  type AppointmentRow,
} from '../shared/appointment-rows';
import type { ClientsContext } from '../shared/clients-context';

type When = 'upcoming' | 'past';
export type CustomerAppointmentPage = AnswerOf<'listCustomerAppointments'>;

/**
 * Issue 29 the customer's appointments in this store: those ahead soonest first and the past newest first, each
 * 50 a page with "Load more" (R9.05) and the pets they are for. The realtime table reads both again (R4.17).
 */
export function CustomerAppointments({
  ctx,
  orgaId,
  storeId,
  customerId,
  pets,
}: {
  ctx: ClientsContext;
  orgaId: string;
  storeId: string;
  customerId: string;
  pets: readonly PetListItem[];
}) {
  const names = useMemo(() => new Map(pets.map((pet) => [pet.id, pet.name])), [pets]);
  // an appointment may also be for pets of other customers: only this customer's are named
  const petNames = (row: AppointmentRow) =>
    row.petIds
      .map((id) => names.get(id))
      .filter(Boolean)
      .join(', ');
  return (
    <Card.Root data-testid="customer-appointments">
      <Card.Body gap="6">
        {(['upcoming', 'past'] as const).map((when) => (
          <AppointmentsOf key={when} ctx={ctx} orgaId={orgaId} storeId={storeId} customerId={customerId} when={when} petNames={petNames} />
        ))}
      </Card.Body>
    </Card.Root>
  );
}

function AppointmentsOf({
  ctx,
  orgaId,
  storeId,
  customerId,
  when,
  petNames,
}: {
  ctx: ClientsContext;
  orgaId: string;
  storeId: string;
  customerId: string;
  when: When;
  petNames: (row: AppointmentRow) => string;
}) {
  const { t, bridge } = ctx;
  const pages = useApiPages('listCustomerAppointments', {
    input: (after: PetAppointmentCursor | null) => ({
      params: { orga: orgaId, store: storeId, customer: customerId, when, ...cursorParams(after) },
    }),
    next: nextAfter,
  });
  const rows = useMemo(() => rowsOfPages(pages.data?.pages), [pages.data]);
  return (
    <Stack gap="3" data-testid={`customer-appointments-${when}`}>
      <Heading as="h3" size="md">
        {t(when === 'upcoming' ? 'clients.upcomingAppointments' : 'clients.pastAppointments')}
      </Heading>
      <QueryState
        query={pages}
        language={bridge.language}
        errorTitle={t('clients.appointmentsFailed')}
        isEmpty={() => rows.length === 0}
        empty={<EmptyState title={t(when === 'upcoming' ? 'clients.noUpcomingAppointments' : 'clients.noPastAppointments')} />}
      >
        {() => <AppointmentTable ctx={ctx} rows={rows} rowTestId={`customer-appointment-${when}`} pets={petNames} />}
      </QueryState>
      <LoadMoreAppointments ctx={ctx} pages={pages} testId={`customer-appointments-${when}-more`} />
    </Stack>
  );
}
