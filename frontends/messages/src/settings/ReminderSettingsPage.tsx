import { Box, Button, Card, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { apiQueryFilter, useApiMutation, useApiQuery } from '@pawline/api-client';
import { LANGUAGES } from '@pawline/contracts';
import { WHATSAPP_FREE_TEXT_MAX } from '@pawline/domain';
import { FormField, QueryState } from '@pawline/ui';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { MessageTemplate, ReminderSettings, ReminderSettingsChange } from '../api/messages-api';
import type { Translate } from '../i18n/translator';
import { formProblem, type MessagesContext } from '../shared/messages-context';
import { additionTooLong, PRE_APPOINTMENT_MIN_DAYS, raisePreAppointmentDays, REMINDER_OFF, REMINDER_ON } from './settings-form';

type Loaded = { settings: ReminderSettings; templates: MessageTemplate[] };

/** The fields of the settings this page writes (every one the PUT takes). */
function changeOf(s: ReminderSettings): ReminderSettingsChange {
  return {
    appointment_reminder_enabled: s.appointment_reminder_enabled,
    message_template: s.message_template,
    msg_slot: s.msg_slot,
    message_template_addition: s.message_template_addition,
    pre_appointment_reminder_enabled: s.pre_appointment_reminder_enabled,
    pre_appointment_template: s.pre_appointment_template,
    pre_appointment_msg_slot: s.pre_appointment_msg_slot,
    pre_appointment_days: raisePreAppointmentDays(s.pre_appointment_days),
    pre_appointment_template_additions: s.pre_appointment_template_additions,
    birthday_enabled: s.birthday_enabled,
    birthday_template: s.birthday_template,
    birthday_msg_slot: s.birthday_msg_slot,
    reminder_to_book_enabled: s.reminder_to_book_enabled,
    reminder_to_book_template: s.reminder_to_book_template,
    reminder_to_book_msg_slot: s.reminder_to_book_msg_slot,
    reminder_to_book_frequency: s.reminder_to_book_frequency,
    language: s.language,
    auto_msg: s.auto_msg,
  };
}

/** R3.14 R5.11 R5.12 R9.03 the reminders of the organization: on or off, template, time, days, free text. */
export function ReminderSettingsPage({ ctx }: { ctx: MessagesContext }) {
  const { t, bridge, orgaId } = ctx;
  const settings = useApiQuery('getReminderSettings', { params: { orga: orgaId } });
  const templates = useApiQuery('listMessageTemplates', { params: { orga: orgaId } });
  // both, or the first failure of the two (its retry reads both again)
  const both = useMemo(
    () => ({
      status:
        settings.status === 'error' || templates.status === 'error'
          ? ('error' as const)
          : settings.data && templates.data
            ? ('success' as const)
            : ('pending' as const),
      data: settings.data && templates.data ? { settings: settings.data, templates: templates.data.v } : undefined,
      error: settings.error ?? templates.error,
      refetch: () => Promise.all([settings.refetch(), templates.refetch()]),
    }),
    [settings, templates],
  );
  return (
    <QueryState query={both} language={bridge.language} errorTitle={t('messages.loadFailed')}>
      {(loaded) => <SettingsForm key={loaded.settings.updated_at ?? 'new'} ctx={ctx} loaded={loaded} />}
    </QueryState>
  );
}

function SettingsForm({ ctx, loaded }: { ctx: MessagesContext; loaded: Loaded }) {
  const { t, admin, bridge, orgaId } = ctx;
  const [s, setS] = useState<ReminderSettings>(loaded.settings);
  const [daysText, setDaysText] = useState(String(loaded.settings.pre_appointment_days));
  const update = useApiMutation('updateReminderSettings', {
    invalidates: [apiQueryFilter('getReminderSettings', { orga: orgaId })],
    success: t('common.saved'),
    notifyFailure: false,
  });
  const error = update.error ? formProblem(update.error, bridge.language) : null;
  useEffect(() => setDaysText(String(s.pre_appointment_days)), [s.pre_appointment_days]);
  const set = (change: Partial<ReminderSettings>) => setS((current) => ({ ...current, ...change }));
  const tooLong = additionTooLong(s.message_template_addition) || additionTooLong(s.pre_appointment_template_additions);
  const ofType = (type: number) => loaded.templates.filter((tpl) => tpl.template_type === type);

  const save = () => update.mutate({ params: { orga: orgaId }, body: changeOf(s) });

  return (
    <Stack gap="4" data-testid="settings-page">
      <Heading as="h2" size="lg">
        {t('messages.settingsTitle')}
      </Heading>
      {!admin ? (
        <Text fontSize="sm" color="fg.muted" data-testid="read-only-note">
          {t('messages.adminOnly')}
        </Text>
      ) : null}
      <fieldset disabled={!admin} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }} data-testid="settings-fieldset">
        <Stack gap="4">
          <ReminderCard
            t={t}
            title={t('messages.templateType_0')}
            hint={t('messages.appointmentReminderHint')}
            testId="appointment-reminder"
            enabled={s.appointment_reminder_enabled}
            onEnabled={(v) => set({ appointment_reminder_enabled: v })}
            templates={ofType(0)}
            template={s.message_template}
            onTemplate={(id) => set({ message_template: id })}
            slot={s.msg_slot}
            onSlot={(v) => set({ msg_slot: v })}
          >
            <AdditionField
              t={t}
              value={s.message_template_addition}
              onChange={(v) => set({ message_template_addition: v })}
              testId="appointment-addition"
            />
          </ReminderCard>
          <ReminderCard
            t={t}
            title={t('messages.templateType_4')}
            testId="pre-appointment-reminder"
            enabled={s.pre_appointment_reminder_enabled}
            onEnabled={(v) => set({ pre_appointment_reminder_enabled: v })}
            templates={ofType(4)}
            template={s.pre_appointment_template}
            onTemplate={(id) => set({ pre_appointment_template: id })}
            slot={s.pre_appointment_msg_slot}
            onSlot={(v) => set({ pre_appointment_msg_slot: v })}
          >
            <FormField label={t('messages.daysBefore')} helper={t('messages.daysBeforeMin', { min: PRE_APPOINTMENT_MIN_DAYS })}>
              <Input
                type="number"
                min={PRE_APPOINTMENT_MIN_DAYS}
                max={60}
                value={daysText}
                onChange={(e) => setDaysText(e.currentTarget.value)}
                // R5.12 below 2 becomes 2 as soon as the field is left
                onBlur={() => {
                  const days = raisePreAppointmentDays(Number.parseInt(daysText, 10));
                  set({ pre_appointment_days: days });
                  setDaysText(String(days));
                }}
                data-testid="pre-appointment-days"
              />
            </FormField>
            <AdditionField
              t={t}
              value={s.pre_appointment_template_additions}
              onChange={(v) => set({ pre_appointment_template_additions: v })}
              testId="pre-appointment-addition"
            />
          </ReminderCard>
          <ReminderCard
            t={t}
            title={t('messages.templateType_1')}
            testId="birthday-reminder"
            enabled={s.birthday_enabled}
            onEnabled={(v) => set({ birthday_enabled: v })}
            templates={ofType(1)}
            template={s.birthday_template}
            onTemplate={(id) => set({ birthday_template: id })}
            slot={s.birthday_msg_slot}
            onSlot={(v) => set({ birthday_msg_slot: v })}
          />
          <ReminderCard
            t={t}
            title={t('messages.templateType_2')}
            testId="book-reminder"
            enabled={s.reminder_to_book_enabled}
            onEnabled={(v) => set({ reminder_to_book_enabled: v })}
            templates={ofType(2)}
            template={s.reminder_to_book_template}
            onTemplate={(id) => set({ reminder_to_book_template: id })}
            slot={s.reminder_to_book_msg_slot}
            onSlot={(v) => set({ reminder_to_book_msg_slot: v })}
          >
            <FormField label={t('messages.templateFrequency')}>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  value={s.reminder_to_book_frequency}
                  onChange={(e) =>
                    set({ reminder_to_book_frequency: e.currentTarget.value as ReminderSettings['reminder_to_book_frequency'] })
                  }
                >
                  <option value="quarterly">{t('messages.frequency_quarterly')}</option>
                  <option value="yearly">{t('messages.frequency_yearly')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          </ReminderCard>
          <Card.Root size="sm">
            <Card.Body gap="3">
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                <FormField label={t('messages.messageLanguage')}>
                  <NativeSelect.Root size="sm">
                    <NativeSelect.Field
                      value={s.language}
                      onChange={(e) => set({ language: e.currentTarget.value as ReminderSettings['language'] })}
                    >
                      {LANGUAGES.map((l) => (
                        <option key={l} value={l}>
                          {t(`common.language_${l}`)}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </FormField>
                <label style={{ display: 'flex', gap: '8px', alignItems: 'center', fontSize: '14px' }}>
                  <input
                    type="checkbox"
                    checked={s.auto_msg}
                    onChange={(e) => set({ auto_msg: e.currentTarget.checked })}
                    data-testid="auto-msg"
                  />
                  {t('messages.autoMsg')}
                </label>
              </SimpleGrid>
            </Card.Body>
          </Card.Root>
        </Stack>
      </fieldset>
      {error ? (
        <Text color="red.600" role="alert" data-testid="settings-error">
          {error}
        </Text>
      ) : null}
      {admin ? (
        <HStack justify="flex-end">
          <Button colorPalette="brand" loading={update.isPending} disabled={tooLong} onClick={save} data-testid="settings-save">
            {t('common.save')}
          </Button>
        </HStack>
      ) : null}
    </Stack>
  );
}

function ReminderCard({
  t,
  title,
  hint,
  testId,
  enabled,
  onEnabled,
  templates,
  template,
  onTemplate,
  slot,
  onSlot,
  children,
}: {
  t: Translate;
  title: string;
  hint?: string;
  testId: string;
  enabled: 1 | 2;
  onEnabled: (value: 1 | 2) => void;
  templates: MessageTemplate[];
  template: string;
  onTemplate: (id: string) => void;
  slot: string;
  onSlot: (value: string) => void;
  children?: ReactNode;
}) {
  return (
    <Card.Root size="sm" data-testid={testId}>
      <Card.Body gap="3">
        <HStack justify="space-between">
          <Heading as="h3" size="md">
            {title}
          </Heading>
          <label style={{ display: 'flex', gap: '8px', alignItems: 'center', fontSize: '14px' }}>
            <input
              type="checkbox"
              checked={enabled === REMINDER_ON}
              onChange={(e) => onEnabled(e.currentTarget.checked ? REMINDER_ON : REMINDER_OFF)}
              data-testid={`${testId}-enabled`}
            />
            {enabled === REMINDER_ON ? t('messages.reminderOn') : t('messages.reminderOff')}
          </label>
        </HStack>
        {hint ? (
          <Text fontSize="sm" color="fg.muted">
            {hint}
          </Text>
        ) : null}
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <FormField label={t('messages.template')}>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={template} onChange={(e) => onTemplate(e.currentTarget.value)} data-testid={`${testId}-template`}>
                {templates.some((tpl) => tpl.id === template) ? null : <option value={template}>{t('messages.templateUnknown')}</option>}
                {templates.map((tpl) => (
                  <option key={tpl.id} value={tpl.id}>
                    {`${tpl.title} (${tpl.language.toUpperCase()})`}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label={t('messages.sendTime')}>
            <Input type="time" value={slot} onChange={(e) => onSlot(e.currentTarget.value)} data-testid={`${testId}-slot`} />
          </FormField>
        </SimpleGrid>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

function AdditionField({ t, value, onChange, testId }: { t: Translate; value: string; onChange: (v: string) => void; testId: string }) {
  const left = WHATSAPP_FREE_TEXT_MAX - value.length;
  return (
    <FormField label={t('messages.addition')} error={left < 0 ? t('messages.tooLong', { max: WHATSAPP_FREE_TEXT_MAX }) : null}>
      <Box w="full">
        <Textarea value={value} rows={2} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId} />
        <Text fontSize="xs" color={left < 0 ? 'red.600' : 'fg.muted'} data-testid={`${testId}-counter`}>
          {t('messages.charactersLeft', { left, max: WHATSAPP_FREE_TEXT_MAX })}
        </Text>
      </Box>
    </FormField>
  );
}
