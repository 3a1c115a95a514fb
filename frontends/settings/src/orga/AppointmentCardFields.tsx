import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { APPOINTMENT_CARD_FIELDS, type AppointmentCardField } from '@pawline/domain';
import type { Translate } from '../i18n/translator';
import { moveCardField, toggleCardField } from './orga-form';

/** What the calendar's appointment cards show (appointment_card_custom): the chosen fields in order, then the others. */
export function AppointmentCardFields({
  t,
  fields,
  onChange,
}: {
  t: Translate;
  fields: readonly AppointmentCardField[];
  onChange: (fields: readonly AppointmentCardField[]) => void;
}) {
  const rows = [...fields, ...APPOINTMENT_CARD_FIELDS.filter((f) => !fields.includes(f))];
  return (
    <Stack gap="1" role="group" aria-labelledby="appointment-card-title" data-testid="appointment-card-fields">
      <Text id="appointment-card-title" fontWeight="medium" fontSize="sm">
        {t('settings.appointmentCard')}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {t('settings.appointmentCardHint')}
      </Text>
      {rows.map((field) => {
        const at = fields.indexOf(field);
        const label = t(`settings.cardField_${field}`);
        return (
          <HStack key={field} data-testid={`card-field-${field}`} data-chosen={at >= 0}>
            <label>
              <input type="checkbox" name={`card_${field}`} checked={at >= 0} onChange={() => onChange(toggleCardField(fields, field))} />{' '}
              {label}
            </label>
            {at >= 0 ? (
              <>
                <Button
                  size="xs"
                  variant="ghost"
                  aria-label={t('settings.cardFieldUp', { field: label })}
                  disabled={at === 0}
                  onClick={() => onChange(moveCardField(fields, field, -1))}
                >
                  ↑
                </Button>
                <Button
                  size="xs"
                  variant="ghost"
                  aria-label={t('settings.cardFieldDown', { field: label })}
                  disabled={at === fields.length - 1}
                  onClick={() => onChange(moveCardField(fields, field, 1))}
                >
                  ↓
                </Button>
              </>
            ) : null}
          </HStack>
        );
      })}
    </Stack>
  );
}
