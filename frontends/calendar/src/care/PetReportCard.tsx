import { Box, Button, HStack, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { apiQueryFilter, useApiMutation, useApiQuery } from '@pawline/api-client';
import type { Appointment, PetCard } from '@pawline/contracts';
import { dateTimeFormat } from '@pawline/domain';
import { FormField, QueryState } from '@pawline/ui';
import { useEffect, useState } from 'react';
import type { StoreParams } from '../api/scheduling-api';
import type { CalendarContext } from '../shared/calendar-context';
import { reportCardError, reportCardFormOf, type ReportCardChoice, type ReportCardForm } from './report-card-form';

type Props = { ctx: CalendarContext; at: StoreParams; appointment: Appointment; pet: PetCard };

const CHOICES: Record<ReportCardChoice, 'calendar.reportCardSend' | 'calendar.reportCardLater' | 'calendar.reportCardSkip'> = {
  send: 'calendar.reportCardSend',
  later: 'calendar.reportCardLater',
  skip: 'calendar.reportCardSkip',
};

/**
 * Issue 31 one pet in the appointment dialog: the last report card's note from an earlier appointment (what the
 * groomer should know before starting) and, once the appointment is checked out, this appointment's card.
 */
export function PetReportCard({ ctx, at, appointment, pet }: Props) {
  const { t, bridge } = ctx;
  const last = useApiQuery('lastReportCard', { params: { ...at, pet: pet.pet_id, before: appointment.id } });
  const day = (iso: string) =>
    dateTimeFormat(bridge.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  return (
    <Stack gap="2" data-testid="pet-report-card" borderWidth="1px" borderRadius="md" p="3">
      <Text fontWeight="bold">{pet.name}</Text>
      <QueryState
        query={last}
        language={bridge.language}
        errorTitle={t('calendar.reportCardLoadFailed')}
        loadingLabel={t('calendar.loading')}
      >
        {(card) =>
          card ? (
            <Box data-testid="last-report-card">
              <Text fontSize="sm" color="fg.muted">
                {t('calendar.reportCardLast', { date: day(card.local_date) })}
              </Text>
              <Text fontSize="sm" whiteSpace="pre-wrap">
                {card.note || t('calendar.reportCardNoNote')}
              </Text>
            </Box>
          ) : (
            <Text fontSize="sm" color="fg.muted" data-testid="no-last-report-card">
              {t('calendar.reportCardNoneYet')}
            </Text>
          )
        }
      </QueryState>
      {appointment.checked_out ? <ReportCardEditor ctx={ctx} at={at} appointment={appointment} pet={pet} /> : null}
    </Stack>
  );
}

function ReportCardEditor({ ctx, at, appointment, pet }: Props) {
  const { t, bridge } = ctx;
  const params = { ...at, appointment: appointment.id, pet: pet.pet_id };
  const card = useApiQuery('getReportCard', { params });
  const save = useApiMutation('saveReportCard', {
    invalidates: [apiQueryFilter('getReportCard', params), apiQueryFilter('lastReportCard', { ...at, pet: pet.pet_id })],
    success: (answer) => t(answer.choice === 'skip' ? 'calendar.reportCardSkipped' : 'calendar.reportCardSaved'),
  });
  const [form, setForm] = useState<ReportCardForm | null>(null);
  const [error, setError] = useState<ReturnType<typeof reportCardError>>(null);
  useEffect(() => {
    if (card.data !== undefined && form === null) setForm(reportCardFormOf(card.data));
  }, [card.data, form]);

  const submit = () => {
    if (!form) return;
    const found = reportCardError(form);
    setError(found);
    if (!found) save.mutate({ params, body: { note: form.note.trim(), choice: form.choice } });
  };

  return (
    <QueryState
      query={card}
      language={bridge.language}
      errorTitle={t('calendar.reportCardLoadFailed')}
      loadingLabel={t('calendar.loading')}
    >
      {() =>
        form ? (
          <Stack gap="2" data-testid="report-card-editor">
            <FormField label={t('calendar.reportCardNote')} helper={t('calendar.reportCardNoteHelp')} error={error ? t(error) : null}>
              <Textarea
                data-testid="report-card-note"
                rows={3}
                value={form.note}
                onChange={(e) => setForm({ ...form, note: e.currentTarget.value })}
              />
            </FormField>
            <HStack align="end">
              <FormField label={t('calendar.reportCardChoice')}>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    data-testid="report-card-choice"
                    value={form.choice}
                    onChange={(e) => setForm({ ...form, choice: e.currentTarget.value as ReportCardChoice })}
                  >
                    {(Object.keys(CHOICES) as ReportCardChoice[]).map((choice) => (
                      <option key={choice} value={choice}>
                        {t(CHOICES[choice])}
                      </option>
                    ))}
                  </NativeSelect.Field>
                </NativeSelect.Root>
              </FormField>
              <Button onClick={submit} loading={save.isPending} data-testid="report-card-save" flexShrink={0}>
                {t('calendar.reportCardSaveButton')}
              </Button>
            </HStack>
          </Stack>
        ) : null
      }
    </QueryState>
  );
}
