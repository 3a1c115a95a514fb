import { Badge, Box, Button, Card, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useApiMutation, useApiQuery } from '@pawline/api-client';
import { LANGUAGES, type Language } from '@pawline/contracts';
import { apiErrorText, ConfirmDialog, EmptyState, FormField, QueryState } from '@pawline/ui';
import { useMemo, useState } from 'react';
import { waitlistWrites, type WaitlistEntry } from '../api/booking-api';
import { staffName, storeStaff, type BookingContext } from '../shared/booking-context';
import { localDateText, localDateTimeText, petTypeText } from '../shared/labels';
import { emptyWaitlistForm, toggledWeekday, waitlistEntryFromForm, type FormProblem, type WaitlistForm } from './waitlist-form';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;
const DAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
const dayName = (day: number, t: BookingContext['t']) => t(`common.${DAY_NAMES[day] ?? 'monday'}`);
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * Issue 30 the store's waitlist (ADR 0063): who waits for what and when, the offers Pawline sent each of them and
 * what became of them (kept live by the realtime scopes `waitlist` and `waitlist-offer`); store writers add a
 * customer who called and take one off the list.
 */
export function WaitlistPage({ ctx }: { ctx: BookingContext }) {
  const { t, bridge, orgaId, storeId } = ctx;
  const waitlist = useApiQuery('listWaitlist', { params: { orga: orgaId, store: storeId } });
  const treatments = useApiQuery('listTreatments', { params: { orga: orgaId } });
  const treatmentNames = useMemo(() => new Map((treatments.data ?? []).map((tr) => [tr.id, tr.name])), [treatments.data]);
  const [removing, setRemoving] = useState<WaitlistEntry | null>(null);
  const remove = useApiMutation('deleteWaitlistEntry', {
    invalidates: waitlistWrites(orgaId, storeId),
    success: t('booking-setup.waitlistRemoved'),
    onSettled: () => setRemoving(null),
  });

  return (
    <Stack gap="4" data-testid="waitlist-page">
      <Heading as="h2" size="lg">
        {t('booking-setup.waitlistTitle')}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {t('booking-setup.waitlistHelp')}
      </Text>
      {ctx.canDecide ? (
        <AddEntry ctx={ctx} treatments={(treatments.data ?? []).filter((tr) => !tr.archive)} />
      ) : (
        <Text fontSize="sm" color="fg.muted" data-testid="read-only-note">
          {t('booking-setup.waitlistWritersOnly')}
        </Text>
      )}
      <QueryState
        query={waitlist}
        language={bridge.language}
        errorTitle={t('booking-setup.loadFailed')}
        isEmpty={(value) => value.entries.length === 0}
        empty={<EmptyState title={t('booking-setup.waitlistEmpty')} description={t('booking-setup.waitlistEmptyText')} />}
      >
        {(value) => (
          <Stack as="ul" gap="3" listStyleType="none" aria-label={t('booking-setup.waitlistTitle')} data-testid="waitlist">
            {value.entries.map((entry) => (
              <Card.Root as="li" key={entry.id} size="sm" data-testid={`waitlist-entry-${entry.id}`}>
                <Card.Body gap="2">
                  <HStack justify="space-between" align="start" wrap="wrap">
                    <Box>
                      <Text fontWeight="semibold">
                        {`${entry.first_name} ${entry.last_name}`}{' '}
                        <Badge size="sm" colorPalette={entry.status === 'booked' ? 'green' : 'gray'} data-testid="waitlist-status">
                          {t(`booking-setup.waitlistStatus_${entry.status}`)}
                        </Badge>{' '}
                        <Badge size="sm" variant="outline">
                          {t(entry.source === 'widget' ? 'booking-setup.waitlistFromWidget' : 'booking-setup.waitlistFromStaff')}
                        </Badge>
                      </Text>
                      <Text fontSize="sm">{entry.fon}</Text>
                    </Box>
                    {ctx.canDecide && entry.status === 'waiting' ? (
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        onClick={() => setRemoving(entry)}
                        aria-label={`${t('booking-setup.waitlistRemove')}: ${entry.first_name} ${entry.last_name}`}
                        data-testid="waitlist-remove"
                      >
                        {t('booking-setup.waitlistRemove')}
                      </Button>
                    ) : null}
                  </HStack>
                  <Text fontSize="sm" data-testid="waitlist-job">
                    {entry.pets.map((pet) => `${pet.name} (${petTypeText(pet.pet_type, t)})`).join(', ')} ·{' '}
                    {entry.treatment_ids.map((id) => treatmentNames.get(id) ?? t('booking-setup.unknownTreatment')).join(', ')} ·{' '}
                    {t('booking-setup.minutes', { minutes: entry.duration })} ·{' '}
                    {entry.user_id ? staffName(bridge, entry.user_id, t) : t('booking-setup.anyGroomer')}
                  </Text>
                  <Text fontSize="sm" color="fg.muted" data-testid="waitlist-wishes">
                    {wishesText(entry, t, bridge.language)}
                  </Text>
                  {entry.offers.length > 0 ? (
                    <Stack as="ul" gap="1" listStyleType="none" ps="2" aria-label={t('booking-setup.waitlistOffers')}>
                      {entry.offers.map((offer) => (
                        <Text as="li" key={offer.id} fontSize="sm" data-testid="waitlist-offer">
                          {t('booking-setup.waitlistOffer', {
                            when: localDateTimeText(
                              offer.date,
                              Number(offer.time.slice(0, 2)),
                              Number(offer.time.slice(3, 5)),
                              bridge.language,
                            ),
                          })}{' '}
                          <Badge size="sm" colorPalette={offer.status === 'taken' ? 'green' : offer.status === 'offered' ? 'blue' : 'gray'}>
                            {t(`booking-setup.offerStatus_${offer.status}`)}
                          </Badge>
                        </Text>
                      ))}
                    </Stack>
                  ) : null}
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
        )}
      </QueryState>
      <ConfirmDialog
        open={removing !== null}
        title={t('booking-setup.waitlistRemoveTitle')}
        confirmLabel={t('booking-setup.waitlistRemove')}
        cancelLabel={t('common.cancel')}
        danger
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate({ params: { orga: orgaId, store: storeId, entry: removing.id } })}
        onCancel={() => setRemoving(null)}
      >
        <Text>{t('booking-setup.waitlistRemoveText', { name: `${removing?.first_name ?? ''} ${removing?.last_name ?? ''}`.trim() })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}

function wishesText(entry: WaitlistEntry, t: BookingContext['t'], language: string): string {
  const days = entry.weekdays.length === 0 ? t('booking-setup.waitlistAnyDay') : entry.weekdays.map((day) => dayName(day, t)).join(', ');
  const times =
    entry.from_time || entry.to_time
      ? t('booking-setup.waitlistBetween', { from: entry.from_time ?? '00:00', to: entry.to_time ?? '23:59' })
      : t('booking-setup.waitlistAnyTime');
  return `${days} · ${times} · ${t('booking-setup.waitlistUntil', { date: localDateText(entry.until, language) })}`;
}

function AddEntry({ ctx, treatments }: { ctx: BookingContext; treatments: { id: string; name: string }[] }) {
  const { t, bridge, orgaId, storeId } = ctx;
  const blank = () => emptyWaitlistForm(bridge.language, isoDay(Date.now() + 28 * 86_400_000));
  const [form, setForm] = useState<WaitlistForm>(blank);
  const [problems, setProblems] = useState<Record<string, FormProblem>>({});
  const add = useApiMutation('createWaitlistEntry', {
    invalidates: waitlistWrites(orgaId, storeId),
    success: t('booking-setup.waitlistAdded'),
    notifyFailure: false,
    onSuccess: () => {
      setForm(blank());
      setProblems({});
    },
    onError: (error) => {
      if (error.fields) setProblems(Object.fromEntries(Object.entries(error.fields).map(([field, key]) => [field, { key }])));
    },
  });
  const set = <K extends keyof WaitlistForm>(key: K, value: WaitlistForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const problemText = (field: string) => {
    const problem = problems[field];
    if (!problem) return undefined;
    return t.has(problem.key) ? t(problem.key) : problem.key;
  };
  const failure = add.isError && !add.error.fields ? apiErrorText(add.error, bridge.language) : null;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const answer = waitlistEntryFromForm(form, isoDay(Date.now()));
    setProblems(answer.problems);
    if (answer.entry) add.mutate({ params: { orga: orgaId, store: storeId }, body: answer.entry });
  };
  const text = (field: 'first_name' | 'last_name' | 'fon' | 'pet_name', label: string) => (
    <FormField label={label} error={problemText(field)}>
      <Input name={field} value={form[field]} onChange={(e) => set(field, e.currentTarget.value)} data-testid={`waitlist-${field}`} />
    </FormField>
  );
  const select = (
    field: 'treatment_id' | 'user_id' | 'pet_type' | 'language',
    label: string,
    options: { value: string; label: string }[],
  ) => (
    <FormField label={label} error={problemText(field === 'treatment_id' ? 'treatment_ids' : field) ?? problemText(field)}>
      <NativeSelect.Root>
        <NativeSelect.Field
          name={field}
          value={form[field]}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setForm((f) => ({ ...f, [field]: value }));
          }}
          data-testid={`waitlist-${field}`}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  );

  return (
    <Card.Root as="section" aria-labelledby="waitlist-add-heading">
      <form onSubmit={submit} noValidate>
        <Card.Body gap="3">
          <Heading as="h3" size="md" id="waitlist-add-heading">
            {t('booking-setup.waitlistAddTitle')}
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            {text('first_name', t('booking-setup.firstName'))}
            {text('last_name', t('booking-setup.lastName'))}
            {text('fon', t('booking-setup.phone'))}
            {text('pet_name', t('booking-setup.petName'))}
            {select('pet_type', t('booking-setup.petTypeLabel'), [
              { value: '1', label: t('booking-setup.petType_dog') },
              { value: '2', label: t('booking-setup.petType_cat') },
              { value: '3', label: t('booking-setup.petType_rabbit') },
            ])}
            {select('treatment_id', t('booking-setup.treatments'), [
              { value: '', label: t('booking-setup.waitlistChooseTreatment') },
              ...treatments.map((tr) => ({ value: tr.id, label: tr.name })),
            ])}
            {select('user_id', t('booking-setup.groomer'), [
              { value: '', label: t('booking-setup.anyGroomer') },
              ...storeStaff(bridge, storeId).map((s) => ({ value: s.userId, label: s.name })),
            ])}
            {select(
              'language',
              t('booking-setup.waitlistLanguage'),
              LANGUAGES.map((language: Language) => ({ value: language, label: t(`common.language_${language}`) })),
            )}
            <FormField label={t('booking-setup.waitlistFrom')} error={problemText('from_time')}>
              <Input
                type="time"
                name="from_time"
                value={form.from_time}
                onChange={(e) => set('from_time', e.currentTarget.value)}
                data-testid="waitlist-from_time"
              />
            </FormField>
            <FormField label={t('booking-setup.waitlistTo')} error={problemText('to_time')}>
              <Input
                type="time"
                name="to_time"
                value={form.to_time}
                onChange={(e) => set('to_time', e.currentTarget.value)}
                data-testid="waitlist-to_time"
              />
            </FormField>
            <FormField label={t('booking-setup.waitlistUntilLabel')} error={problemText('until')}>
              <Input
                type="date"
                name="until"
                value={form.until}
                onChange={(e) => set('until', e.currentTarget.value)}
                data-testid="waitlist-until"
              />
            </FormField>
          </SimpleGrid>
          <Stack as="fieldset" gap="1">
            <Text as="legend" fontWeight="semibold" fontSize="sm">
              {t('booking-setup.waitlistDays')}
            </Text>
            <HStack wrap="wrap" gap="3">
              {WEEKDAYS.map((day) => (
                <HStack as="label" key={day} gap="1">
                  <input
                    type="checkbox"
                    name={`weekday-${day}`}
                    checked={form.weekdays.includes(day)}
                    onChange={() => set('weekdays', toggledWeekday(form.weekdays, day))}
                    data-testid={`waitlist-weekday-${day}`}
                  />
                  {dayName(day, t)}
                </HStack>
              ))}
            </HStack>
          </Stack>
          <HStack as="label" gap="2">
            <input
              type="checkbox"
              name="consent_messages"
              checked={form.consent_messages}
              onChange={(e) => set('consent_messages', e.currentTarget.checked)}
              data-testid="waitlist-consent"
            />
            {t('booking-setup.waitlistConsent')}
          </HStack>
          {failure ? (
            <Text color="fg.error" role="alert">
              {failure}
            </Text>
          ) : null}
          <HStack>
            <Button type="submit" colorPalette="brand" loading={add.isPending} data-testid="waitlist-add">
              {t('booking-setup.waitlistAdd')}
            </Button>
          </HStack>
        </Card.Body>
      </form>
    </Card.Root>
  );
}
