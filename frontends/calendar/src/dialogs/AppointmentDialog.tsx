import { Box, Button, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import type { OrganizationUser } from '@pawline/api-client';
import type { Appointment, Pet, PetCard, RecurringInput, Treatment } from '@pawline/contracts';
import { sanitizeAmountText } from '@pawline/domain';
import { DialogFrame, FormField } from '@pawline/ui';
import { useCallback, useMemo, useState } from 'react';
import type { AppointmentWrite, StoreParams } from '../api/scheduling-api';
import { sameStaffOverlaps, staffName } from '../calendar/appointment-model';
import type { CalendarContext } from '../shared/calendar-context';
import {
  appointmentWriteOf,
  recurringInputOf,
  validateAppointmentForm,
  withTreatments,
  type AppointmentForm,
  type FormErrors,
  type RepeatUnit,
} from './appointment-form';
import { useCustomerPicker, type ChosenCustomer } from './useCustomerPicker';
import { useDiscardQuestion } from './useDiscardQuestion';

type Props = {
  ctx: CalendarContext;
  at: StoreParams;
  /** absent: a new appointment */
  appointment: Appointment | null;
  initial: AppointmentForm;
  /** the edited appointment's pets as their cards show them: the customer is their owner */
  pets: readonly PetCard[];
  treatments: readonly Treatment[];
  staff: readonly OrganizationUser[];
  /** the loaded appointments, for the same-staff overlap warning */
  appointments: readonly Appointment[];
  busy: boolean;
  onSubmit: (write: AppointmentWrite, recurring: RecurringInput | null) => void;
  onDelete?: () => void;
  onCheckOut?: () => void;
  /** why this appointment cannot be checked out (declined, a later day), shown in the dialog */
  checkOutBlock?: string | null;
  onDecline?: () => void;
  onClose: () => void;
};

/** Book or edit: customer and pets (crm), treatments, staff, time, duration, price, notes, recurrence. */
export function AppointmentDialog({
  ctx,
  at,
  appointment,
  initial,
  pets: cards,
  treatments,
  staff,
  appointments,
  busy,
  onSubmit,
  onDelete,
  onCheckOut,
  checkOutBlock,
  onDecline,
  onClose,
}: Props) {
  const { t } = ctx;
  const [form, setForm] = useState<AppointmentForm>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const onOnlyPet = useCallback(
    (only: Pet, owner: ChosenCustomer) =>
      setForm((f) => ({ ...f, pet_ids: [only.id], app_name: f.app_name || `${only.name} (${owner.last_name})` })),
    [],
  );
  const picker = useCustomerPicker(at, cards, onOnlyPet);
  const { customer, pets, found, query } = picker;

  const set = <K extends keyof AppointmentForm>(key: K, value: AppointmentForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const toggle = (list: string[], id: string) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);

  const overlaps = useMemo(() => {
    const write = appointmentWriteOf(form);
    if (!Number.isFinite(write.duration) || !/^\d\d:\d\d$/.test(form.time)) return [];
    return sameStaffOverlaps(
      { id: appointment?.id, user_id: write.user_id, date: write.date, start: write.hour * 60 + write.min, duration: write.duration },
      appointments,
    );
  }, [form, appointment, appointments]);
  const overlapName = overlaps.length > 0 ? staff.find((u) => u.user_id === form.user_id) : undefined;

  const submit = () => {
    const found = validateAppointmentForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onSubmit(appointmentWriteOf(form), appointment ? null : recurringInputOf(form));
  };
  const err = (key: keyof FormErrors) => (errors[key] ? t(errors[key]) : null);
  const active = treatments.filter((tr) => !tr.archive || form.treatment_ids.includes(tr.id));
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);
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
        confirm={{ label: t('common.save'), testId: 'appointment-save', onClick: submit, busy }}
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
            {onCheckOut ? (
              <Button variant="outline" onClick={onCheckOut} data-testid="appointment-checkout">
                {t('calendar.checkOut')}
              </Button>
            ) : null}
          </>
        }
      >
        <Stack gap="3">
          {checkOutBlock ? (
            <Text role="status" data-testid="checkout-block" color="fg.muted" fontSize="sm">
              {checkOutBlock}
            </Text>
          ) : null}
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
                <Input
                  data-testid="customer-search"
                  placeholder={t('calendar.customerSearch')}
                  value={query}
                  onChange={(e) => picker.setQuery(e.currentTarget.value)}
                />
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
                    data-testid="customer-option"
                    onClick={() => picker.choose(c)}
                  >
                    {c.first_name} {c.last_name}
                  </Button>
                ))}
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
                    onChange={() => set('pet_ids', toggle(form.pet_ids, pet.id))}
                  />{' '}
                  {pet.name}
                </label>
              ))}
            </Stack>
          </FormField>
          <FormField label={t('calendar.treatments')}>
            <Stack gap="1">
              {active.length === 0 ? (
                <Text fontSize="sm" color="fg.muted">
                  {t('calendar.noTreatments')}
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
                value={form.duration}
                onChange={(e) => set('duration', e.currentTarget.value)}
              />
            </FormField>
          </SimpleGrid>
          {overlapName || overlaps.length > 0 ? (
            <Text role="alert" data-testid="overlap-warning" color="orange.600" fontSize="sm">
              {t('calendar.overlapWarning', { name: overlapName ? staffName(overlapName) : '' })}
            </Text>
          ) : null}
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
