import { Box, Button, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useApiMutation, type ApiError } from '@pawline/api-client';
import { cardTextColour, sanitizeAmountText } from '@pawline/domain';
import { FormField, useConfirmLeave } from '@pawline/ui';
import { useState } from 'react';
import type { Translate } from '../i18n/translator';
import { FormDialog } from '../shared/FormDialog';
import { serverFieldErrors } from '../shared/options';
import {
  EMPTY_TREATMENT_FORM,
  presetOf,
  sameTreatmentForm,
  TREATMENT_COLOUR_PRESETS,
  TREATMENT_MINUTES_MAX,
  TREATMENT_NAME_MAX,
  treatmentChange,
  treatmentFields,
  treatmentFormOf,
  validateTreatmentForm,
  type TreatmentErrors,
  type TreatmentField,
  type TreatmentForm,
} from './treatment-form';
import { treatmentWrites, type Treatment } from './treatments-api';

/**
 * The server's field names (validation_failed) and the form's field and message for each: the form's own
 * message in the user's language, as the server's field texts are English. The form checks the same limits
 * first, so these show only when the two disagree.
 */
const SERVER_FIELDS = {
  name: ['name', 'settings.treatmentNameTooLong'],
  default_duration: ['duration', 'settings.treatmentDurationInvalid'],
  default_price: ['price', 'settings.treatmentPriceInvalid'],
  color: ['color', 'settings.colourInvalid'],
} as const satisfies Record<string, readonly [TreatmentField, string]>;
type ServerField = keyof typeof SERVER_FIELDS;
const SERVER_FIELD_NAMES = Object.keys(SERVER_FIELDS) as ServerField[];

function formErrorsOf(server: Partial<Record<ServerField, string>>): TreatmentErrors {
  const errors: TreatmentErrors = {};
  for (const name of Object.keys(server) as ServerField[]) {
    const [field, key] = SERVER_FIELDS[name];
    errors[field] = key;
  }
  return errors;
}
const CUSTOM_START = '#546e7a';

type Props = {
  t: Translate;
  orgaId: string;
  /** null creates a new treatment */
  treatment: Treatment | null;
  onClose: () => void;
  onSaved: (saved: Treatment) => void;
};

/** Create or edit a treatment: name, service time in minutes, price and colour (issue 13). */
export function TreatmentDialog({ t, orgaId, treatment, onClose, onSaved }: Props) {
  const [initial] = useState<TreatmentForm>(() => (treatment ? treatmentFormOf(treatment) : EMPTY_TREATMENT_FORM));
  const [form, setForm] = useState<TreatmentForm>(initial);
  const [errors, setErrors] = useState<TreatmentErrors>({});
  const effects = { invalidates: treatmentWrites(orgaId), success: t('settings.changesSaved') };
  const create = useApiMutation('createTreatment', effects);
  const update = useApiMutation('updateTreatment', effects);
  const busy = create.isPending || update.isPending;
  const dirty = !sameTreatmentForm(initial, form);
  const unsaved = t('common.unsavedChanges');
  useConfirmLeave(dirty && !busy, unsaved);

  const set = <K extends TreatmentField>(key: K, value: TreatmentForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const close = () => {
    // R5.15: closing a changed form asks first
    if (!dirty || window.confirm(unsaved)) onClose();
  };
  const err = (key: TreatmentField) => {
    const found = errors[key];
    return found ? t(found, { max: TREATMENT_NAME_MAX, minutes: TREATMENT_MINUTES_MAX }) : undefined;
  };

  const submit = () => {
    const found = validateTreatmentForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (treatment && !dirty) {
      onClose();
      return;
    }
    // the server's field messages (R8.04) show at their fields in the user's words; its message is the error snackbar
    const then = {
      onSuccess: onSaved,
      onError: (error: ApiError) => setErrors(formErrorsOf(serverFieldErrors(error.fields, SERVER_FIELD_NAMES))),
    };
    if (treatment) update.mutate({ params: { orga: orgaId, id: treatment.id }, body: treatmentChange(treatment, form) }, then);
    else create.mutate({ params: { orga: orgaId }, body: treatmentFields(form) }, then);
  };

  const preset = presetOf(form.color);
  return (
    <FormDialog
      title={treatment ? t('settings.editTreatment') : t('settings.newTreatment')}
      testId="treatment-dialog"
      saveLabel={t('common.save')}
      cancelLabel={t('common.cancel')}
      busy={busy}
      onSubmit={submit}
      onClose={close}
    >
      <Stack gap="4">
        <FormField label={t('settings.treatmentName')} required error={err('name')}>
          <Input name="name" value={form.name} onChange={(e) => set('name', e.currentTarget.value)} />
        </FormField>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <FormField label={t('settings.treatmentDuration')} required error={err('duration')} helper={t('settings.treatmentDurationHint')}>
            <Input
              name="duration"
              type="number"
              inputMode="numeric"
              min={1}
              max={TREATMENT_MINUTES_MAX}
              step={5}
              value={form.duration}
              onChange={(e) => set('duration', e.currentTarget.value)}
            />
          </FormField>
          <FormField label={t('settings.treatmentPrice')} error={err('price')} helper={t('settings.treatmentPriceHint')}>
            <Input
              name="price"
              inputMode="decimal"
              value={form.price}
              placeholder="0,00"
              onChange={(e) => set('price', sanitizeAmountText(e.currentTarget.value))}
              onBlur={(e) => set('price', sanitizeAmountText(e.currentTarget.value, { pad: true }))}
            />
          </FormField>
        </SimpleGrid>
        <FormField label={t('settings.treatmentColour')} error={err('color')} helper={t('settings.treatmentColourHint')}>
          <Stack gap="3" width="full">
            <HStack gap="2" wrap="wrap" role="group" aria-label={t('settings.colourPresets')}>
              <Button
                size="sm"
                variant={form.color === null ? 'solid' : 'outline'}
                aria-pressed={form.color === null}
                data-testid="colour-none"
                onClick={() => set('color', null)}
              >
                {t('settings.treatmentNoColour')}
              </Button>
              {TREATMENT_COLOUR_PRESETS.map((colour, index) => (
                <Button
                  key={colour}
                  size="sm"
                  minW="8"
                  w="8"
                  h="8"
                  p="0"
                  rounded="full"
                  bg={colour}
                  _hover={{ bg: colour, opacity: 0.85 }}
                  borderWidth="3px"
                  borderColor={preset === index ? 'fg' : 'transparent'}
                  aria-pressed={preset === index}
                  aria-label={t('settings.colourPreset', { number: index + 1 })}
                  data-testid={`colour-preset-${index + 1}`}
                  onClick={() => set('color', colour)}
                />
              ))}
            </HStack>
            <HStack gap="3">
              <Text fontSize="sm">{t('settings.colourCustom')}</Text>
              <Input
                name="color"
                type="color"
                p="1"
                w="20"
                aria-label={t('settings.colourCustom')}
                value={form.color ?? CUSTOM_START}
                onChange={(e) => set('color', e.currentTarget.value.toLowerCase())}
              />
              <Box
                data-testid="treatment-colour-sample"
                flex="1"
                px="3"
                py="2"
                rounded="sm"
                borderWidth="1px"
                bg={form.color ?? 'transparent'}
                color={form.color ? cardTextColour(form.color) : 'fg'}
              >
                {form.name.trim() || t('settings.colourSample')}
              </Box>
            </HStack>
          </Stack>
        </FormField>
      </Stack>
    </FormDialog>
  );
}
