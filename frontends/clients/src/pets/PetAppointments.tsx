import { Badge, Button, Card, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { OrganizationUser } from '@pawline/api-client';
import { formatAmount, PAGE_SIZES } from '@pawline/domain';
import { EmptyState, ErrorState, LoadingState } from '@pawline/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PetAppointment, PetAppointmentPage } from '../api/crm-api';
import { errorText, type ClientsContext } from '../shared/clients-context';

const PAGE = PAGE_SIZES.pet_appointments;
/** spec §3: status 2 is declined by the customer (R3.07), 1 confirmed by the customer. */
const DECLINED = 2;
const CONFIRMED = 1;

type Row = { item: PetAppointment; treatments: string[] };
type History =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; rows: Row[]; done: boolean; loadingMore: boolean };

function rowsOf(page: Pick<PetAppointmentPage, 'treatments'> & { items: PetAppointment[] }): Row[] {
  return page.items.map((item) => ({
    item,
    treatments: page.treatments.filter((t) => t.appointment_id === item.id).map((t) => t.name),
  }));
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
 * The pet's appointments in this store (R7.05): the latest one, then the history newest first,
 * 50 a page with "Load more" until a page comes back short (R9.05). Another device's appointment
 * events apply live (R4.17): `deleted` removes the row and reads the latest again, any other
 * event reads the shown pages and the latest again.
 */
export function PetAppointments({ ctx, orgaId, storeId, petId }: { ctx: ClientsContext; orgaId: string; storeId: string; petId: string }) {
  const { crm, t, bridge } = ctx;
  const [history, setHistory] = useState<History>({ status: 'loading' });
  const [latest, setLatest] = useState<Row | null>(null);
  const shown = useRef(0);

  const readLatest = useCallback(() => {
    crm.latestPetAppointment(orgaId, storeId, petId).then(
      (answer) => setLatest(answer.item ? (rowsOf({ items: [answer.item], treatments: answer.treatments })[0] ?? null) : null),
      () => undefined, // spec §7: a failed latest read is ignored, the history still shows
    );
  }, [crm, orgaId, storeId, petId]);

  /** The first pages again, until at least `count` rows or a short page. */
  const readPages = useCallback(
    async (count: number) => {
      let rows: Row[] = [];
      let page: PetAppointmentPage;
      do {
        const last = rows[rows.length - 1]?.item;
        page = await crm.listPetAppointments(orgaId, storeId, petId, last ? { starts_at: last.starts_at, id: last.id } : null);
        rows = [...rows, ...rowsOf(page)];
      } while (page.items.length >= PAGE && rows.length < count);
      return { rows, done: page.items.length < PAGE };
    },
    [crm, orgaId, storeId, petId],
  );

  const reload = useCallback(
    (keepShown: boolean) => {
      if (!keepShown) setHistory({ status: 'loading' });
      readLatest();
      readPages(keepShown ? shown.current : 0).then(
        ({ rows, done }) => setHistory({ status: 'ready', rows, done, loadingMore: false }),
        (error: unknown) => setHistory({ status: 'failed', message: errorText(error) }),
      );
    },
    [readLatest, readPages],
  );
  useEffect(() => reload(false), [reload]);
  useEffect(() => {
    shown.current = history.status === 'ready' ? history.rows.length : 0;
  }, [history]);

  // R4.17: the shell's realtime fan-out; appointment events carry the appointment's id
  const subscribe = bridge.subscribe;
  useEffect(() => {
    if (!subscribe) return undefined;
    return subscribe((message) => {
      if (message.scope !== 'appointment' || (message.store_id !== null && message.store_id !== storeId)) return;
      if (message.event === 'deleted') {
        setHistory((current) =>
          current.status === 'ready' ? { ...current, rows: current.rows.filter((row) => row.item.id !== message.data) } : current,
        );
        readLatest();
      } else reload(true);
    });
  }, [subscribe, storeId, readLatest, reload]);

  const loadMore = () => {
    if (history.status !== 'ready' || history.done || history.loadingMore) return;
    const last = history.rows[history.rows.length - 1]?.item;
    if (!last) return;
    setHistory({ ...history, loadingMore: true });
    crm.listPetAppointments(orgaId, storeId, petId, { starts_at: last.starts_at, id: last.id }).then(
      (page) =>
        setHistory((current) =>
          current.status === 'ready'
            ? { status: 'ready', rows: [...current.rows, ...rowsOf(page)], done: page.items.length < PAGE, loadingMore: false }
            : current,
        ),
      (error: unknown) => {
        setHistory((current) => (current.status === 'ready' ? { ...current, loadingMore: false } : current));
        bridge.notify(0, errorText(error));
      },
    );
  };

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
          {history.status === 'loading' ? <LoadingState label={t('common.loading')} /> : null}
          {history.status === 'failed' ? (
            <ErrorState
              title={t('clients.appointmentsFailed')}
              message={history.message}
              onRetry={() => reload(false)}
              retryLabel={t('common.retry')}
            />
          ) : null}
          {history.status === 'ready' && history.rows.length === 0 ? <EmptyState title={t('clients.noAppointments')} /> : null}
          {history.status === 'ready' && history.rows.length > 0 ? (
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
                {history.rows.map((row) => {
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
          ) : null}
          {history.status === 'ready' && !history.done ? (
            <Button
              size="sm"
              variant="outline"
              alignSelf="start"
              loading={history.loadingMore}
              onClick={loadMore}
              data-testid="pet-appointments-more"
            >
              {t('clients.loadMore')}
            </Button>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
