import { Heading, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { Appointment } from '@pawline/contracts';
import { formatAmount, sanitizeAmountText } from '@pawline/domain';
import { DialogFrame, FormField } from '@pawline/ui';
import { useState } from 'react';
import type { CheckOutWrite } from '../api/scheduling-api';
import type { Translate } from '../i18n/translator';
import { checkOutFormOf, checkOutTotals, type CheckOutForm } from './checkout';
import { CHECKOUT_CHOICES, checkoutPetErrors, questionKey, type PetQuestion } from './pet-checkout';
import { useDiscardQuestion } from './useDiscardQuestion';

type Props = {
  appointment: Appointment;
  /** the pet information the organization asks for at check-out (R5.13) */
  questions: readonly PetQuestion[];
  t: Translate;
  busy: boolean;
  onSave: (write: CheckOutWrite, answers: PetQuestion[]) => void;
  onClose: () => void;
};

/** R4.11 check-out: final price, discount, total and cashed in; plus the asked pet information. */
export function CheckOutDialog({ appointment, questions, t, busy, onSave, onClose }: Props) {
  const [form, setForm] = useState<CheckOutForm>(() => checkOutFormOf(appointment));
  const [answers, setAnswers] = useState<PetQuestion[]>(() => [...questions]);
  const [errors, setErrors] = useState<ReturnType<typeof checkoutPetErrors>>({});
  const totals = checkOutTotals(form);
  const answer = (key: string, value: string) => setAnswers((list) => list.map((q) => (questionKey(q) === key ? { ...q, value } : q)));
  const save = () => {
    const found = checkoutPetErrors(answers);
    setErrors(found);
    if (Object.keys(found).length === 0) onSave(totals, answers);
  };
  const pets = [...new Set(answers.map((q) => q.petId))];
  const [initialForm] = useState(form);
  const dirty = JSON.stringify(form) !== JSON.stringify(initialForm) || answers.some((q, i) => q.value !== questions[i]?.value);
  const { requestClose, question } = useDiscardQuestion(dirty && !busy, onClose, t);

  return (
    <>
      <DialogFrame
        title={t('calendar.checkOutTitle')}
        testId="checkout-dialog"
        scrollBehavior="inside"
        cancelLabel={t('common.cancel')}
        onCancel={requestClose}
        confirm={{ label: t('calendar.checkOut'), testId: 'checkout-save', busy, onClick: save }}
      >
        <Stack gap="3">
          <FormField label={t('calendar.finalPrice')}>
            <Input
              data-testid="checkout-final-price"
              inputMode="decimal"
              value={form.finalPrice}
              onChange={(e) => setForm({ ...form, finalPrice: sanitizeAmountText(e.currentTarget.value) })}
            />
          </FormField>
          <FormField label={t('calendar.discount')}>
            <Input
              data-testid="checkout-discount"
              inputMode="decimal"
              value={form.discount}
              onChange={(e) => setForm({ ...form, discount: sanitizeAmountText(e.currentTarget.value) })}
            />
          </FormField>
          <Text data-testid="checkout-total" fontWeight="bold">
            {t('calendar.total')}: {formatAmount(totals.total, { pad: true })}
          </Text>
          <label>
            <input type="checkbox" checked={form.cashedIn} onChange={(e) => setForm({ ...form, cashedIn: e.currentTarget.checked })} />{' '}
            {t('calendar.cashedIn')}
          </label>
          {pets.map((petId) => {
            const asked = answers.filter((q) => q.petId === petId);
            return (
              <Stack key={petId} gap="2" data-testid="checkout-pet">
                <Heading size="sm">{asked[0]?.petName}</Heading>
                {asked.map((q) => {
                  const key = questionKey(q);
                  const choices = CHECKOUT_CHOICES[q.field];
                  const error = errors[key] ? t(errors[key]) : null;
                  return (
                    <FormField key={key} label={t(`clients.pet_${q.field}`)} required={q.required} error={error}>
                      {choices ? (
                        <NativeSelect.Root>
                          <NativeSelect.Field
                            data-testid={`checkout-${key}`}
                            value={q.value}
                            onChange={(e) => answer(key, e.currentTarget.value)}
                          >
                            <option value="">—</option>
                            {Object.entries(choices).map(([choice, label]) => (
                              <option key={choice} value={choice}>
                                {t(label)}
                              </option>
                            ))}
                          </NativeSelect.Field>
                        </NativeSelect.Root>
                      ) : (
                        <Input
                          data-testid={`checkout-${key}`}
                          type={q.field === 'born' ? 'date' : 'text'}
                          inputMode={q.field === 'weight' ? 'decimal' : undefined}
                          value={q.value}
                          onChange={(e) => answer(key, e.currentTarget.value)}
                        />
                      )}
                    </FormField>
                  );
                })}
              </Stack>
            );
          })}
        </Stack>
      </DialogFrame>
      {question}
    </>
  );
}
