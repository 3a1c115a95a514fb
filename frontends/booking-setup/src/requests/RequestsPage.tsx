import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useApiMutation, useApiPages, useApiQuery } from '@pawline/api-client';
import { PAGE_SIZES } from '@pawline/domain';
import {
  ConfirmDialog,
  EmptyState,
  PagedDataTable,
  pagedQueryList,
  pagedQueryMoreError,
  plainTableFeatures,
  type PlainColumn,
} from '@pawline/ui';
import { useTable } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { ALL_TREATMENTS, FIRST_SLOT_PAGE, slotWrites, type BookingSlot, type SlotCursor } from '../api/booking-api';
import { staffName, type BookingContext } from '../shared/booking-context';
import { localDateTimeText, petTypeText } from '../shared/labels';

/**
 * R1.09 R7.06 the store's pending booking requests, newest first, 100 a page (R9.05): accept, decline (the
 * customer is told the time is not possible, issue 27) or delete (a mistake: the customer is sent nothing). Kept live by the realtime table (R4.19: scope `slot` reads the loaded pages again).
 */
export function RequestsPage({ ctx }: { ctx: BookingContext }) {
  const { t, bridge, orgaId, storeId } = ctx;
  const store = { orga: orgaId, store: storeId };
  const pages = useApiPages('listBookingSlots', {
    input: (cursor: SlotCursor | null) => ({ params: { ...store, ...(cursor ?? FIRST_SLOT_PAGE) } }),
    // R4.22 a short page is the last one
    next: (page) => {
      const last = page.v.at(-1);
      return last && page.v.length >= PAGE_SIZES.booking_requests ? { created_time: String(last.created_time), last_id: last.id } : null;
    },
  });
  const list = useMemo(() => pagedQueryList(pages, (page) => page.v, bridge.language), [pages, bridge.language]);
  // the treatments' names (R3.10: a request keeps their ids); without them a request still shows
  const treatments = useApiQuery('listTreatments', { params: { orga: orgaId }, query: ALL_TREATMENTS });
  const treatmentNames = useMemo(() => new Map((treatments.data ?? []).map((tr) => [tr.id, tr.name])), [treatments.data]);
  // both free the time; only what the customer hears differs, so each asks first with its own words
  const [asking, setAsking] = useState<{ slot: BookingSlot; kind: 'delete' | 'decline' } | null>(null);

  const accept = useApiMutation('acceptBookingSlot', {
    invalidates: (_answer, input) => slotWrites(orgaId, storeId, input.params.slot),
    success: ({ slot }) => t('booking-setup.accepted', { name: `${slot.first_name} ${slot.last_name}`.trim() }),
  });
  const remove = useApiMutation('deleteBookingSlot', {
    invalidates: (_answer, input) => slotWrites(orgaId, storeId, input.params.slot),
    success: t('booking-setup.deleted'),
    onSettled: () => setAsking(null),
  });
  const decline = useApiMutation('declineBookingSlot', {
    invalidates: (_answer, input) => slotWrites(orgaId, storeId, input.params.slot),
    success: t('booking-setup.declined'),
    onSettled: () => setAsking(null),
  });
  const acceptSlot = accept.mutate;
  const busy = accept.isPending
    ? accept.variables.params.slot
    : remove.isPending
      ? remove.variables.params.slot
      : decline.isPending
        ? decline.variables.params.slot
        : null;
  const confirmAsked = () => {
    if (!asking) return;
    const input = { params: { ...store, slot: asking.slot.id } };
    if (asking.kind === 'decline') decline.mutate(input);
    else remove.mutate(input);
  };

  const columns = useMemo<PlainColumn<BookingSlot>[]>(() => {
    const base: PlainColumn<BookingSlot>[] = [
      {
        id: 'when',
        header: t('booking-setup.when'),
        cell: ({ row }) => (
          <Box>
            <Text fontWeight="semibold" data-testid="slot-when">
              {localDateTimeText(row.original.date, row.original.hour, row.original.min, bridge.language)}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {t('booking-setup.minutes', { minutes: row.original.duration })}
            </Text>
          </Box>
        ),
      },
      { id: 'groomer', header: t('booking-setup.groomer'), cell: ({ row }) => staffName(bridge, row.original.user_id, t) },
      {
        id: 'pets',
        header: t('booking-setup.pets'),
        cell: ({ row }) => (
          <Stack gap="0">
            {row.original.pets.map((pet, i) => (
              <Text key={pet.pet_id ?? `new-${i}`} data-testid="slot-pet">
                <Text as="span" fontWeight="semibold">
                  {pet.name}
                </Text>{' '}
                <Text as="span" fontSize="xs" color="fg.muted">
                  {[
                    petTypeText(pet.pet_type, t),
                    pet.breed,
                    pet.size ? t(`booking-setup.size_${pet.size}`) : null,
                    pet.hair ? t(`booking-setup.hair_${pet.hair}`) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                  {pet.pet_id === null ? ` · ${t('booking-setup.newPet')}` : ''}
                </Text>
              </Text>
            ))}
          </Stack>
        ),
      },
      {
        id: 'treatments',
        header: t('booking-setup.treatments'),
        cell: ({ row }) => (
          <Text data-testid="slot-treatments">
            {row.original.treatment_id_list.map((id) => treatmentNames.get(id) ?? t('booking-setup.unknownTreatment')).join(', ')}
          </Text>
        ),
      },
      {
        id: 'customer',
        header: t('booking-setup.customer'),
        cell: ({ row }) => {
          const s = row.original;
          return (
            <Box data-testid="slot-customer">
              <Text fontWeight="semibold">
                {`${s.first_name} ${s.last_name}`.trim()}
                {s.customer_id === null ? (
                  <Badge ms="2" size="sm" colorPalette="blue">
                    {t('booking-setup.newCustomer')}
                  </Badge>
                ) : null}
              </Text>
              <Text fontSize="sm">{s.fon}</Text>
              {s.email ? <Text fontSize="sm">{s.email}</Text> : null}
            </Box>
          );
        },
      },
      {
        id: 'notes',
        header: t('booking-setup.notes'),
        cell: ({ row }) => {
          const s = row.original;
          const consents = [
            s.consent_messages ? t('booking-setup.consentMessages') : null,
            s.consent_reminders ? t('booking-setup.consentReminders') : null,
            s.consent_marketing ? t('booking-setup.consentMarketing') : null,
          ].filter((c): c is string => c !== null);
          return (
            <Box maxW="xs">
              {s.notes ? (
                <Text whiteSpace="pre-wrap" data-testid="slot-notes">
                  {s.notes}
                </Text>
              ) : null}
              <Text fontSize="xs" color="fg.muted" data-testid="slot-consents">
                {consents.length > 0 ? `${t('booking-setup.consents')}: ${consents.join(', ')}` : t('booking-setup.noConsents')}
              </Text>
            </Box>
          );
        },
      },
    ];
    if (!ctx.canDecide) return base;
    return [
      ...base,
      {
        id: 'actions',
        header: t('booking-setup.actions'),
        cell: ({ row }) => (
          <HStack gap="2">
            <Button
              size="xs"
              colorPalette="brand"
              loading={busy === row.original.id}
              disabled={busy !== null}
              onClick={() =>
                acceptSlot({ params: { orga: orgaId, store: storeId, slot: row.original.id }, body: { allow_conflict: false } })
              }
              aria-label={`${t('booking-setup.accept')}: ${row.original.first_name} ${row.original.last_name}`}
              data-testid="slot-accept"
            >
              {t('booking-setup.accept')}
            </Button>
            <Button
              size="xs"
              variant="outline"
              disabled={busy !== null}
              onClick={() => setAsking({ slot: row.original, kind: 'decline' })}
              aria-label={`${t('booking-setup.decline')}: ${row.original.first_name} ${row.original.last_name}`}
              data-testid="slot-decline"
            >
              {t('booking-setup.decline')}
            </Button>
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              disabled={busy !== null}
              onClick={() => setAsking({ slot: row.original, kind: 'delete' })}
              aria-label={`${t('booking-setup.deleteQuiet')}: ${row.original.first_name} ${row.original.last_name}`}
              data-testid="slot-delete"
            >
              {t('booking-setup.deleteQuiet')}
            </Button>
          </HStack>
        ),
      },
    ];
  }, [t, bridge, treatmentNames, ctx.canDecide, busy, acceptSlot, orgaId, storeId]);
  const table = useTable({ features: plainTableFeatures, columns, data: list.status === 'ready' ? list.items : [] });

  return (
    <Stack gap="3" data-testid="requests-page">
      <Heading as="h2" size="lg">
        {t('booking-setup.requestsTitle')}
      </Heading>
      {!ctx.canDecide ? (
        <Text fontSize="sm" color="fg.muted" data-testid="read-only-note">
          {t('booking-setup.writersOnly')}
        </Text>
      ) : null}
      <PagedDataTable
        table={table}
        list={list}
        testId="requests"
        rowTestId={(s) => `request-${s.id}`}
        texts={{
          loading: t('common.loading'),
          loadFailed: t('booking-setup.loadFailed'),
          retry: t('common.retry'),
          loadMore: t('booking-setup.loadMore'),
        }}
        empty={<EmptyState title={t('booking-setup.requestsEmpty')} description={t('booking-setup.requestsEmptyText')} />}
        onRetry={() => void pages.refetch()}
        onLoadMore={() => void pages.fetchNextPage()}
        moreError={pagedQueryMoreError(pages, bridge.language)}
      />
      <ConfirmDialog
        open={asking !== null}
        title={t(asking?.kind === 'decline' ? 'booking-setup.declineTitle' : 'booking-setup.deleteTitle')}
        confirmLabel={t(asking?.kind === 'decline' ? 'booking-setup.decline' : 'booking-setup.deleteQuiet')}
        cancelLabel={t('common.cancel')}
        danger={asking?.kind !== 'decline'}
        busy={asking !== null && busy === asking.slot.id}
        onConfirm={confirmAsked}
        onCancel={() => setAsking(null)}
      >
        {asking?.kind === 'decline' ? (
          <Text data-testid="decline-warning">{t('booking-setup.declineText')}</Text>
        ) : (
          <Text data-testid="delete-warning">{t('booking-setup.deleteText')}</Text>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
