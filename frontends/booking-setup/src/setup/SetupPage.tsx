import { Box, Button, Card, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { apiQueryFilter, useApiMutation, useApiQuery } from '@pawline/api-client';
import { LANGUAGES } from '@pawline/contracts';
import { apiErrorText, ConfirmDialog, FormField, QueryState, useConfirmLeave } from '@pawline/ui';
import { useMemo, useState } from 'react';
import type { BookingSetup, BookingSetupChange } from '../api/booking-api';
import type { BookingContext } from '../shared/booking-context';
import { EMBED_MODES, embedSnippet, parseOrigins, PREVIEW_SANDBOX, previewDocument, type EmbedMode } from './embed-snippet';

const SLOT_STEPS = [5, 10, 15, 20, 30, 60] as const;
// libs/contracts bookingSetupFieldsSchema
const LIMITS = {
  min_notice_minutes: [0, 14 * 24 * 60],
  horizon_days: [1, 365],
  buffer_minutes: [0, 240],
} as const;
type NumberField = keyof typeof LIMITS;
const MAX_ORIGINS = 10;

type Form = {
  enabled: boolean;
  origins: string;
  min_notice_minutes: string;
  horizon_days: string;
  buffer_minutes: string;
  slot_step_minutes: string;
};

const formOf = (setup: BookingSetup): Form => ({
  enabled: setup.enabled,
  origins: setup.allowed_origins.join('\n'),
  min_notice_minutes: String(setup.min_notice_minutes),
  horizon_days: String(setup.horizon_days),
  buffer_minutes: String(setup.buffer_minutes),
  slot_step_minutes: String(setup.slot_step_minutes),
});

/** The store's booking setup (store administrators change it) and the code that embeds the widget, with a live preview. */
export function SetupPage({ ctx }: { ctx: BookingContext }) {
  const { t, bridge, orgaId, storeId } = ctx;
  const setup = useApiQuery('getBookingSetup', { params: { orga: orgaId, store: storeId } });
  return (
    <QueryState query={setup} language={bridge.language} errorTitle={t('booking-setup.loadFailed')}>
      {(value) => (
        <Stack gap="6" data-testid="setup-page">
          <SetupForm key={value.public_id} ctx={ctx} setup={value} />
          <EmbedCode ctx={ctx} setup={value} />
        </Stack>
      )}
    </QueryState>
  );
}

function SetupForm({ ctx, setup }: { ctx: BookingContext; setup: BookingSetup }) {
  const { t, bridge, orgaId, storeId } = ctx;
  const [form, setForm] = useState<Form>(() => formOf(setup));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useApiMutation('updateBookingSetup', {
    invalidates: [apiQueryFilter('getBookingSetup', { orga: orgaId, store: storeId })],
    success: t('booking-setup.setupSaved'),
    // the form shows the refusal and its fields
    notifyFailure: false,
    onSuccess: (saved) => setForm(formOf(saved)),
    onError: (error) => {
      if (error.fields) setErrors(error.fields);
    },
  });
  const saving = update.isPending;
  const [renewing, setRenewing] = useState(false);
  const readOnly = !ctx.storeAdmin;
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const saved = useMemo(() => formOf(setup), [setup]);
  // R5.15 leaving with unsaved changes asks first
  useConfirmLeave(!saving && (Object.keys(saved) as (keyof Form)[]).some((key) => saved[key] !== form[key]), t('common.unsavedChanges'));

  const send = (change: BookingSetupChange, done: () => void) =>
    update.mutate({ params: { orga: orgaId, store: storeId }, body: change }, { onSettled: done });
  const failure = update.isError ? apiErrorText(update.error, bridge.language) : null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    const { origins, invalid } = parseOrigins(form.origins);
    if (invalid.length > 0) problems.allowed_origins = t('booking-setup.originInvalid', { origin: invalid[0] ?? '' });
    else if (origins.length > MAX_ORIGINS) problems.allowed_origins = t('booking-setup.originsTooMany', { max: MAX_ORIGINS });
    const numbers = {} as Record<NumberField, number>;
    for (const field of Object.keys(LIMITS) as NumberField[]) {
      const [min, max] = LIMITS[field];
      const value = Number(form[field]);
      if (!/^\d+$/.test(form[field].trim()) || value < min || value > max) problems[field] = t('booking-setup.numberBetween', { min, max });
      numbers[field] = value;
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    send(
      {
        enabled: form.enabled,
        allowed_origins: origins,
        ...numbers,
        slot_step_minutes: Number(form.slot_step_minutes) as BookingSetupChange['slot_step_minutes'],
      },
      () => undefined,
    );
  };

  const numberField = (field: NumberField, label: string, helper: string) => (
    <FormField label={label} error={errors[field]} helper={helper}>
      <Input
        name={field}
        inputMode="numeric"
        value={form[field]}
        onChange={(e) => set(field, e.currentTarget.value)}
        readOnly={readOnly}
        data-testid={`setup-${field}`}
      />
    </FormField>
  );

  return (
    <Card.Root as="section" aria-labelledby="setup-heading">
      <form onSubmit={submit} noValidate>
        <Card.Body gap="4">
          <Heading as="h2" size="lg" id="setup-heading">
            {t('booking-setup.setupTitle')}
          </Heading>
          {readOnly ? (
            <Text fontSize="sm" color="fg.muted" data-testid="read-only-note">
              {t('booking-setup.storeAdminsOnly')}
            </Text>
          ) : null}
          <HStack as="label" gap="2" fontWeight="semibold">
            <input
              type="checkbox"
              name="enabled"
              checked={form.enabled}
              disabled={readOnly}
              onChange={(e) => set('enabled', e.currentTarget.checked)}
              data-testid="setup-enabled"
            />
            {t('booking-setup.enabled')}
          </HStack>
          <FormField
            label={t('booking-setup.allowedOrigins')}
            error={errors.allowed_origins}
            helper={t('booking-setup.allowedOriginsHelp')}
          >
            <Textarea
              name="allowed_origins"
              rows={3}
              value={form.origins}
              onChange={(e) => set('origins', e.currentTarget.value)}
              readOnly={readOnly}
              placeholder="https://salon-example.it"
              data-testid="setup-origins"
            />
          </FormField>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            {numberField('min_notice_minutes', t('booking-setup.minNotice'), t('booking-setup.minNoticeHelp'))}
            {numberField('horizon_days', t('booking-setup.horizon'), t('booking-setup.horizonHelp'))}
            {numberField('buffer_minutes', t('booking-setup.buffer'), t('booking-setup.bufferHelp'))}
            <FormField label={t('booking-setup.slotStep')} helper={t('booking-setup.slotStepHelp')}>
              <NativeSelect.Root disabled={readOnly}>
                <NativeSelect.Field
                  name="slot_step_minutes"
                  value={form.slot_step_minutes}
                  onChange={(e) => set('slot_step_minutes', e.currentTarget.value)}
                  data-testid="setup-slot-step"
                >
                  {SLOT_STEPS.map((step) => (
                    <option key={step} value={String(step)}>
                      {t('booking-setup.minutes', { minutes: step })}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          </SimpleGrid>
          <Text fontSize="sm" color="fg.muted">
            {t('booking-setup.timeZone', { zone: setup.time_zone })}
          </Text>
          {failure ? (
            <Text color="red.600" role="alert" data-testid="setup-error">
              {failure}
            </Text>
          ) : null}
          {!readOnly ? (
            <HStack gap="3" flexWrap="wrap">
              <Button type="submit" colorPalette="brand" loading={saving && !renewing} disabled={saving} data-testid="setup-save">
                {t('common.save')}
              </Button>
              <Button variant="outline" colorPalette="red" disabled={saving} onClick={() => setRenewing(true)} data-testid="setup-new-id">
                {t('booking-setup.newPublicId')}
              </Button>
            </HStack>
          ) : null}
          <ConfirmDialog
            open={renewing}
            title={t('booking-setup.newPublicIdTitle')}
            confirmLabel={t('booking-setup.newPublicId')}
            cancelLabel={t('common.cancel')}
            danger
            busy={saving}
            onConfirm={() => send({ new_public_id: true }, () => setRenewing(false))}
            onCancel={() => setRenewing(false)}
          >
            <Text>{t('booking-setup.newPublicIdText')}</Text>
          </ConfirmDialog>
        </Card.Body>
      </form>
    </Card.Root>
  );
}

function EmbedCode({ ctx, setup }: { ctx: BookingContext; setup: BookingSetup }) {
  const { t, bridge } = ctx;
  const [mode, setMode] = useState<EmbedMode>('inline');
  const [lang, setLang] = useState<string>(bridge.language);
  const snippet = embedSnippet({ origin: ctx.gatewayOrigin, publicId: setup.public_id, mode, lang });
  return (
    <Card.Root as="section" aria-labelledby="embed-heading" data-testid="embed">
      <Card.Body gap="3">
        <Heading as="h2" size="lg" id="embed-heading">
          {t('booking-setup.embedTitle')}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {t('booking-setup.embedText')}
        </Text>
        {!setup.enabled ? (
          <Text fontSize="sm" color="orange.700" data-testid="embed-disabled">
            {t('booking-setup.embedDisabled')}
          </Text>
        ) : null}
        <HStack gap="3" flexWrap="wrap" align="flex-end">
          <Box role="group" aria-label={t('booking-setup.embedMode')}>
            <HStack gap="1">
              {EMBED_MODES.map((m) => (
                <Button
                  key={m}
                  size="sm"
                  aria-pressed={mode === m}
                  variant={mode === m ? 'solid' : 'outline'}
                  colorPalette="brand"
                  onClick={() => setMode(m)}
                  data-testid={`embed-mode-${m}`}
                >
                  {t(`booking-setup.mode_${m}`)}
                </Button>
              ))}
            </HStack>
          </Box>
          <Box minW="36">
            <FormField label={t('booking-setup.widgetLanguage')}>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field value={lang} onChange={(e) => setLang(e.currentTarget.value)} data-testid="embed-lang">
                  {LANGUAGES.map((l) => (
                    <option key={l} value={l}>
                      {t(`common.language_${l}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          </Box>
        </HStack>
        <Text fontSize="sm">{t(`booking-setup.modeHelp_${mode}`)}</Text>
        <Box
          as="pre"
          p="3"
          bg="bg.muted"
          rounded="md"
          fontSize="xs"
          whiteSpace="pre-wrap"
          wordBreak="break-all"
          data-testid="embed-snippet"
        >
          {snippet}
        </Box>
        <CopyButton text={snippet} label={t('booking-setup.copy')} copied={t('booking-setup.copied')} />
        <Heading as="h3" size="md">
          {t('booking-setup.preview')}
        </Heading>
        <Box
          as="iframe"
          title={t('booking-setup.preview')}
          {...{ sandbox: PREVIEW_SANDBOX, srcDoc: previewDocument(snippet, lang) }}
          w="100%"
          h="560px"
          borderWidth="1px"
          rounded="md"
          bg="white"
          data-testid="embed-preview"
        />
      </Card.Body>
    </Card.Root>
  );
}

/** Copies the snippet; says 'Copied' for two seconds (a plain button: Chakra's Clipboard is not in the shared bundle). */
function CopyButton({ text, label, copied }: { text: string; label: string; copied: string }) {
  const [done, setDone] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return; // no clipboard permission: the snippet above stays there to select and copy
    }
    setDone(true);
    setTimeout(() => setDone(false), 2000);
  };
  return (
    <Button size="sm" variant="outline" alignSelf="flex-start" data-testid="embed-copy" aria-live="polite" onClick={() => void copy()}>
      {done ? copied : label}
    </Button>
  );
}
