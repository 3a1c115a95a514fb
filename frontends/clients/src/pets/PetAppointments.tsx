import { Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useApiPages, useApiQuery } from '@pawline/api-client';
import { EmptyState, QueryState } from '@pawline/ui';
import { useMemo } from 'react';
import type { PetAppointmentCursor } from '../api/crm-api';
import {
  appointmentCells,
  AppointmentStatus,
  AppointmentTable,
  cursorParams,
  LoadMoreAppointments,
  nextAfter,
  rowsOf,
  rowsOfPages,
} from '../shared/appointment-rows';
import type { ClientsContext } from '../shared/clients-context';

/**
 * The pet's appointments in this store (R7.05): the latest one, then the history newest first, 50 a page
 * with "Load more" until a page comes back short (R9.05). Another device's appointment events read both
 * again through the realtime table (R4.17): a deleted appointment leaves, a booked one appears.
 */
export function PetAppointments({ ctx, orgaId, storeId, petId }: { ctx: ClientsContext; orgaId: string; storeId: string; petId: string }) {
  const { t, bridge } = ctx;
  const pet = { orga: orgaId, store: storeId, pet: petId };
  const history = useApiPages('listPetAppointments', {
    input: (after: PetAppointmentCursor | null) => ({ params: { ...pet, ...cursorParams(after) } }),
    next: nextAfter,
  });
  // spec §7: a failed latest read is ignored, the history still shows
  const latestRead = useApiQuery('latestPetAppointment', { params: pet }, { retry: false });
  const latestItem = latestRead.data?.item ?? null;
  const latest = latestRead.data && latestItem ? (rowsOf({ ...latestRead.data, items: [latestItem] })[0] ?? null) : null;
  const rows = useMemo(() => rowsOfPages(history.data?.pages), [history.data]);
  const latestCells = latest ? appointmentCells(latest, bridge.language, bridge.orga?.users) : null;

  return (
    <Card.Root data-testid="pet-appointments">
      <Card.Header>
        <Heading size="md">{t('clients.appointments')}</Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          {latest && latestCells ? (
            <Stack gap="1" data-testid="pet-latest-appointment">
              <Text fontWeight="semibold">{t('clients.latestAppointment')}</Text>
              <HStack gap="3" flexWrap="wrap">
                <Text>{latestCells.when}</Text>
                <Text>{latestCells.treatments}</Text>
                <Text>{latestCells.groomer}</Text>
                <AppointmentStatus item={latest.item} t={t} />
                <Text>{latestCells.price}</Text>
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
            {() => <AppointmentTable ctx={ctx} rows={rows} rowTestId="pet-appointment-row" />}
          </QueryState>
          <LoadMoreAppointments ctx={ctx} pages={history} testId="pet-appointments-more" />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
