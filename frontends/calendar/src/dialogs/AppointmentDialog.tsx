import { Box, Button, HStack, Input, Link, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import type { OrganizationUser } from '@pawline/api-client';
import type { Appointment, AppointmentConflict, Pet, PetCard, RecurringInput, Treatment } from '@pawline/contracts';
import { appointmentDuration, isOrgaAdmin, orgaMemberOf, sanitizeAmountText } from '@pawline/domain';
import { useApiQuery } from '@pawline/api-client';
import { DialogFrame, FormField } from '@pawline/ui';
import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { AppointmentWrite, StoreParams } from '../api/scheduling-api';
import { staffById, staffName } from '../calendar/appointment-model';
import { ConflictWarning } from '../conflicts/ConflictWarning';
import { collides, conflictLines } from '../conflicts/conflict-text';
import { useConflictCheck, type CheckCandidate } from '../conflicts/useConflictCheck';
import type { CalendarContext } from '../shared/calendar-context';
import {
  appointmentWriteOf,
  durationHint,
  effectiveForm,
  proposalOf,
  recurringInputOf,
  validateAppointmentForm,
  withPets,
  withTreatments,
  withTypedDuration,
  type AppointmentForm,
  type FormErrors,
  type RepeatUnit,
} from './appointment-form';
import { AppointmentCare } from '../care/AppointmentCare';
import { NewCustomerForm } from './NewCustomerForm';
import { SendReminderNow } from './SendReminderNow';
import { useCustomerPicker, type ChosenCustomer } from './useCustomerPicker';
import { careFlagOf } from '../calendar/care-flags';
import { CareFlagNote } from '../calendar/CareFlagNote';
import { useDiscardQuestion } from './useDiscardQuestion';

type Props = {
  ctx: CalendarContext;
  at: StoreParams;
  /** absent: a new appointment */
  appointment: Appointment | null;
  initial: AppointmentForm;
  /** a new appointment for this customer (the Book link of the customer page) */
  customerId?: string | null;
  /** the edited appointment's pets as their cards show them: the customer is their owner */
  pets: readonly PetCard[];
  treatments: readonly Treatment[];
  staff: readonly OrganizationUser[];
  busy: boolean;
  /** the last save was refused for a collision (409 conflict) with these lists: the warning names them, asks to book anyway */
  refusal: AppointmentConflict | null;
  onSubmit: (write: AppointmentWrite, recurring: RecurringInput | null, allowConflict: boolean) => void;
  onDelete?: () => void;
  onCheckOut?: () => void;
  /** why this appointment cannot be checked out (declined, a no-show, a later day), shown in the dialog */
  checkOutBlock?: string | null;
  onDecline?: () => void;
  onNoShow?: () => void;
  onRestore?: () => void;
  onClose: () => void;
};

/** Book or edit: customer and pets (crm), treatments, staff, time, duration, price, notes, recurrence. */
export function AppointmentDialog({
  ctx,
  at,
  appointment,
  initial,
  customerId = null,
  pets: cards,
  treatments,
  staff,
  busy,
  refusal,
  onSubmit,
  onDelete,
  onCheckOut,
  checkOutBlock,
  onDecline,
  onNoShow,
  onRestore,
  onClose,
}: Props) {
  const { t } = ctx;
  const member = orgaMemberOf(ctx.bridge.orga, ctx.bridge.user.id);
  const catalogueAdmin = member !== null && isOrgaAdmin(member);
  const [draft, setForm] = useState<AppointmentForm>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const onOnlyPet = useCallback(
    (only: Pet, owner: ChosenCustomer) =>
      setForm((f) => ({ ...withPets(f, [only.id]), app_name: f.app_name || `${only.name} (${owner.last_name})` })),
    [],
  );
  const picker = useCustomerPicker(at, cards, onOnlyPet, customerId, initial.pet_ids.length === 0);
  const [adding, setAdding] = useState(false);
  const { customer, pets, found, query } = picker;

  // issue 26: the duration follows the work, by the matrix online booking uses (libs/domain appointmentDuration)
  const matrix = useApiQuery('listServiceTimes', { params: { orga: at.orga } });
  const matrixProposal = useMemo(() => {
    const entries = (matrix.data?.v ?? []).map((e) => ({
      treatmentId: e.treatment_id,
      petType: e.pet_type,
      breed: e.breed,
      size: e.size,
      hair: e.hair,
      minutes: e.minutes,
    }));
    const chosenTreatments = treatments
      .filter((tr) => draft.treatment_ids.includes(tr.id))
      .map((tr) => ({ id: tr.id, defaultDuration: tr.default_duration }));
    const chosenPets = pets
      .filter((p) => draft.pet_ids.includes(p.id))
      .map((p) => ({ petType: p.pet_type, breed: p.breed, size: p.size, hair: p.hair }));
    return appointmentDuration(entries, chosenTreatments, chosenPets);
  }, [matrix.data, treatments, pets, draft.treatment_ids, draft.pet_ids]);
  // one pet: its latest appointment, whose duration wins when the work is the same
  const onlyPet = draft.pet_ids.length === 1 ? (draft.pet_ids[0] ?? null) : null;
  const latest = useApiQuery('latestPetAppointment', { params: { ...at, pet: onlyPet ?? '' } }, { enabled: onlyPet !== null });
  const history = useMemo(() => {
    const item = latest.data?.item;
    if (!item || item.id === appointment?.id) return null;
    const ids = latest.data?.treatments.filter((tr) => tr.appointment_id === item.id).map((tr) => tr.treatment_id) ?? [];
    return { duration: item.duration, treatment_ids: ids };
  }, [latest.data, appointment?.id]);
  // issue 31 the chosen pets' vaccinations against the store's requirement for the chosen treatments, on the chosen day
  const chosenIds = [...draft.pet_ids].sort().join(',');
  const chosenCards = useApiQuery('listPetCards', { params: at, query: { ids: chosenIds } }, { enabled: chosenIds !== '' });
  const careSettings = useApiQuery('getCareSettings', { params: at });
  const careFlag = useMemo(
    () =>
      careFlagOf(
        (chosenCards.data?.items ?? []).filter((c) => draft.pet_ids.includes(c.pet_id)),
        draft.treatment_ids,
        draft.date,
        careSettings.data,
      ),
    [chosenCards.data, careSettings.data, draft.pet_ids, draft.treatment_ids, draft.date],
  );
  const proposal = proposalOf(matrixProposal, history, draft.treatment_ids);
  const form = effectiveForm(draft, proposal);
  const hint = durationHint(draft, proposal);

  const set = <K extends keyof AppointmentForm>(key: K, value: AppointmentForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const toggle = (list: string[], id: string) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);

  // issue 26: the server's capacity rule, asked as the receptionist picks pet, groomer and time
  const candidate = useMemo<CheckCandidate | null>(() => {
    if (Object.keys(validateAppointmentForm({ ...form, pet_ids: ['-'] })).length > 0) return null;
    const write = appointmentWriteOf(form);
    return { user_id: write.user_id, date: write.date, hour: write.hour, min: write.min, duration: write.duration, pet_ids: form.pet_ids };
  }, [form]);
  const { found: checked } = useConflictCheck(at, appointment?.id ?? null, candidate);
  // the refusal is the server's latest word on the time saved (another receptionist may just have booked it): it
  // names the collisions until the time, groomer or pets change, then the live check speaks again
  const [saved, setSaved] = useState<string | null>(null);
  const refused = refusal !== null && saved === JSON.stringify(candidate);
  const shown = refused ? refusal : checked;
  const staffMap = useMemo(() => staffById(staff), [staff]);
  const lines = useMemo(() => (collides(shown) ? conflictLines(shown, staffMap, t) : []), [shown, staffMap, t]);

  const submit = (allowConflict: boolean) => {
    const found = validateAppointmentForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaved(JSON.stringify(candidate));
    onSubmit(appointmentWriteOf(form), appointment ? null : recurringInputOf(form), allowConflict);
  };
  const err = (key: keyof FormErrors) => (errors[key] ? t(errors[key]) : null);
  const active = treatments.filter((tr) => !tr.archive || form.treatment_ids.includes(tr.id));
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const { requestClose, question } = useDiscardQuestion(dirty && !busy, onClose, t);

  return (
    <>
      <DialogFrame
        title={appointment ? t('calendar.editAppointment') : t('calendar.newAppointment')}
        testId="appointment-dialog"
        size="lg"
        scrollBehavior="inside"
        cancelLabel={t('common.cancel')}
        onCancel={requestClose}
        confirm={{ label: t('common.save'), testId: 'appointment-save', onClick: () => submit(false), busy }}
        extraActions={
          <>
            {onDelete ? (
              <Button variant="outline" colorPalette="red" onClick={onDelete} data-testid="appointment-delete">
                {t('calendar.delete')}
              </Button>
            ) : null}
            {onDecline ? (
              <Button variant="outline" onClick={onDecline} data-testid="appointment-decline">
                {t('calendar.markDeclined')}
              </Button>
            ) : null}
            {onNoShow ? (
              <Button variant="outline" onClick={onNoShow} data-testid="appointment-no-show">
                {t('calendar.markNoShow')}
              </Button>
            ) : null}
            {onRestore ? (
              <Button variant="outline" onClick={onRestore} data-testid="appointment-restore">
                {t('calendar.restore')}
              </Button>
            ) : null}
            {onCheckOut ? (
              <Button variant="outline" onClick={onCheckOut} data-testid="appointment-checkout">
                {t('calendar.checkOut')}
              </Button>
            ) : null}
            {onCheckOut && appointment ? (
              // issue 32: the counter's check-out sells the service with products and a tip, and prints the receipt
              <Button asChild variant="outline" data-testid="appointment-counter-checkout">
                <RouterLink to={`/${at.orga}/store/${at.store}/counter?appointment=${appointment.id}`}>
                  {t('calendar.checkOutAtCounter')}
                </RouterLink>
              </Button>
            ) : null}
            {appointment ? <SendReminderNow ctx={ctx} at={at} appointmentId={appointment.id} /> : null}
          </>
        }
      >
        <Stack gap="3">
          {checkOutBlock ? (
            <Text role="status" data-testid="checkout-block" color="fg.muted" fontSize="sm">
              {checkOutBlock}
            </Text>
          ) : null}
          {appointment ? <AppointmentCare ctx={ctx} at={at} appointment={appointment} pets={cards} /> : null}
          <FormField label={t('calendar.customer')} required>
            {customer ? (
              <HStack>
                <Text data-testid="chosen-customer">
                  {customer.first_name} {customer.last_name}
                </Text>
                <Button size="xs" variant="ghost" onClick={() => (picker.clear(), set('pet_ids', []))}>
                  {t('calendar.changeCustomer')}
                </Button>
              </HStack>
            ) : (
              <Box w="full">
                {adding ? (
                  <NewCustomerForm
                    t={t}
                    at={at}
                    search={query}
                    onCreated={(created) => {
                      setAdding(false);
                      picker.choose(created);
                    }}
                    onCancel={() => setAdding(false)}
                  />
                ) : (
                  <>
                    <HStack gap="2">
                      <Input
                        data-testid="customer-search"
                        placeholder={t('calendar.customerSearch')}
                        value={query}
                        onChange={(e) => picker.setQuery(e.currentTarget.value)}
                      />
                      <Button variant="outline" flexShrink={0} onClick={() => setAdding(true)} data-testid="new-customer">
                        {t('calendar.newCustomer')}
                      </Button>
                    </HStack>
                    {found && found.length === 0 ? (
                      <Text fontSize="sm" color="fg.muted">
                        {t('calendar.noCustomers')}
                      </Text>
                    ) : null}
                    {found?.map((c) => (
                      <Button
                        key={c.id}
                        size="sm"
                        variant="ghost"
                        display="block"
                        textAlign="start"
                        data-testid="customer-option"
                        onClick={() => picker.choose(c)}
                      >
                        {/* issue 29: two Halls are told apart by their phone and pets */}
                        {[`${c.first_name} ${c.last_name}`.trim(), c.fon, c.pet_names.join(', ')].filter(Boolean).join(' · ')}
                      </Button>
                    ))}
                  </>
                )}
              </Box>
            )}
          </FormField>
          <FormField label={t('calendar.pets')} required error={err('pets')}>
            <Stack gap="1" data-testid="pet-options">
              {customer && pets.length === 0 ? <Text fontSize="sm">{t('calendar.noPets')}</Text> : null}
              {pets.map((pet) => (
                <label key={pet.id}>
                  <input
                    type="checkbox"
                    checked={form.pet_ids.includes(pet.id)}
                    onChange={() => setForm((f) => withPets(f, toggle(f.pet_ids, pet.id)))}
                  />{' '}
                  {pet.name}
                </label>
              ))}
            </Stack>
          </FormField>
          <CareFlagNote t={t} flag={careFlag} testId="dialog-care-flag" />
          <FormField label={t('calendar.treatments')}>
            <Stack gap="1">
              {active.length === 0 ? (
                <Text fontSize="sm" color="fg.muted" data-testid="no-treatments">
                  {t('calendar.noTreatments')} {/* issue 29: the catalogue is an administrator's; others are told whom to ask */}
                  {catalogueAdmin ? (
                    <Link asChild color="brand.600" textDecoration="underline">
                      <RouterLink to={`/${at.orga}/settings/treatments`} data-testid="no-treatments-link">
                        {t('calendar.addTreatments')}
                      </RouterLink>
                    </Link>
                  ) : (
                    t('calendar.askAdminForTreatments')
                  )}
                </Text>
              ) : null}
              {active.map((tr) => (
                <label key={tr.id}>
                  <input
                    type="checkbox"
                    checked={form.treatment_ids.includes(tr.id)}
                    onChange={() => setForm((f) => withTreatments(f, toggle(f.treatment_ids, tr.id), treatments))}
                  />{' '}
                  {tr.name}
                </label>
              ))}
            </Stack>
          </FormField>
          <FormField label={t('calendar.name')}>
            <Input value={form.app_name} maxLength={200} onChange={(e) => set('app_name', e.currentTarget.value)} />
          </FormField>
          <FormField label={t('calendar.staff')}>
            <NativeSelect.Root>
              <NativeSelect.Field data-testid="staff-select" value={form.user_id} onChange={(e) => set('user_id', e.currentTarget.value)}>
                <option value="">{t('calendar.nobody')}</option>
                {staff.map((u) => (
                  <option key={u.user_id} value={u.user_id}>
                    {staffName(u)}
                  </option>
                ))}
              </NativeSelect.Field>
            </NativeSelect.Root>
          </FormField>
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
            <FormField label={t('calendar.date')} required error={err('date')}>
              <Input type="date" value={form.date} onChange={(e) => set('date', e.currentTarget.value)} />
            </FormField>
            <FormField label={t('calendar.start')} required error={err('time')}>
              <Input type="time" step={900} value={form.time} onChange={(e) => set('time', e.currentTarget.value)} />
            </FormField>
            <FormField label={t('calendar.duration')} required error={err('duration')}>
              <Input
                type="number"
                min={1}
                max={1440}
                step={15}
                data-testid="duration-input"
                value={form.duration}
                onChange={(e) => {
                  const typed = e.currentTarget.value;
                  setForm((f) => withTypedDuration(f, typed));
                }}
              />
            </FormField>
          </SimpleGrid>
          {hint ? (
            <HStack data-testid="duration-hint" data-source={hint.source} fontSize="sm" color="fg.muted" gap="2" wrap="wrap">
              <Text>
                {hint.kind === 'source'
                  ? t(`calendar.durationFrom_${hint.source}`)
                  : t('calendar.durationProposal', { minutes: hint.minutes, source: t(`calendar.durationFrom_${hint.source}`) })}
              </Text>
              {hint.kind === 'proposal' ? (
                <Button
                  size="xs"
                  variant="outline"
                  data-testid="use-proposal"
                  onClick={() => setForm((f) => ({ ...f, durationMode: 'follow' }))}
                >
                  {t('calendar.useProposal', { minutes: hint.minutes })}
                </Button>
              ) : null}
            </HStack>
          ) : null}
          <ConflictWarning t={t} lines={lines} refused={refused} busy={busy} onBookAnyway={() => submit(true)} />
          <FormField label={t('calendar.price')}>
            <Input
              inputMode="decimal"
              data-testid="price-input"
              value={form.price}
              onChange={(e) => setForm((f) => ({ ...f, price: sanitizeAmountText(e.currentTarget.value), priceTouched: true }))}
            />
          </FormField>
          <FormField label={t('calendar.notes')}>
            <Textarea value={form.notes} maxLength={5000} onChange={(e) => set('notes', e.currentTarget.value)} />
          </FormField>
          {appointment ? null : (
            <SimpleGrid columns={{ base: 1, sm: 4 }} gap="3">
              <FormField label={t('calendar.repeat')}>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    data-testid="repeat-select"
                    value={form.repeat}
                    onChange={(e) => set('repeat', e.currentTarget.value as RepeatUnit)}
                  >
                    <option value="">{t('calendar.repeatNone')}</option>
                    <option value="day">{t('calendar.repeatDay')}</option>
                    <option value="week">{t('calendar.repeatWeek')}</option>
                    <option value="month">{t('calendar.repeatMonth')}</option>
                  </NativeSelect.Field>
                </NativeSelect.Root>
              </FormField>
              {form.repeat ? (
                <>
                  <FormField label={t('calendar.every')} error={err('every')}>
                    <Input type="number" min={1} max={52} value={form.every} onChange={(e) => set('every', e.currentTarget.value)} />
                  </FormField>
                  <FormField label={t('calendar.occurrences')} helper={t('calendar.occurrencesHint')} error={err('count')}>
                    <Input type="number" min={2} max={500} value={form.count} onChange={(e) => set('count', e.currentTarget.value)} />
                  </FormField>
                  <FormField label={t('calendar.until')}>
                    <Input type="date" value={form.until} onChange={(e) => set('until', e.currentTarget.value)} />
                  </FormField>
                </>
              ) : null}
            </SimpleGrid>
          )}
        </Stack>
      </DialogFrame>
      {question}
    </>
  );
}
