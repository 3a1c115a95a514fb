import { Box, Button, Card, HStack, Input, NativeSelect, SimpleGrid, Text, Textarea } from '@chakra-ui/react';
import { useApiMutation } from '@pawline/api-client';
import { apiErrorText, FormField } from '@pawline/ui';
import { useEffect, useRef, useState } from 'react';
import { templateWrites, type MessageTemplate, type TemplateFields } from '../api/messages-api';
import { formProblem, type MessagesContext } from '../shared/messages-context';
import {
  insertVariable,
  TEMPLATE_BUTTONS,
  TEMPLATE_TYPES,
  TEMPLATE_VARIABLE_NAMES,
  templateProblems,
  variablesOf,
  variableText,
} from './template-editor';

// spec §9 frequencies of the reminder types (marketing: none)
const FREQUENCIES = ['', 'day_before', 'days_before', 'quarterly', 'yearly'] as const;
const PREVIEW_DELAY_MS = 400;

function fieldsOf(template: MessageTemplate | null, language: TemplateFields['language']): TemplateFields {
  return template
    ? {
        template_type: template.template_type,
        title: template.title,
        template_text: template.template_text,
        variables_str: template.variables_str,
        button: template.button,
        frequency: template.frequency,
        language: template.language,
      }
    : { template_type: 0, title: '', template_text: '', variables_str: '', button: 0, frequency: null, language };
}

/** A custom template's form with the live preview: filled with a real appointment of the store (the preview route). */
export function TemplateEditor({
  ctx,
  template,
  onDone,
  onCancel,
}: {
  ctx: MessagesContext;
  template: MessageTemplate | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t, bridge, orgaId, storeId } = ctx;
  const [fields, setFields] = useState<TemplateFields>(() => fieldsOf(template, bridge.language));
  const textArea = useRef<HTMLTextAreaElement>(null);
  // the first of what WhatsApp would refuse (libs/domain, as messaging checks it)
  const problem = templateProblems({ template_text: fields.template_text, variables_str: fields.variables_str })[0] ?? null;
  const set = (change: Partial<TemplateFields>) => setFields((current) => ({ ...current, ...change }));

  // a read that must POST: the newest preview wins (the data layer's mutation), asked once typing pauses
  const previewing = useApiMutation('previewMessageTemplate', { notifyFailure: false });
  const { mutate: askPreview, reset: clearPreview } = previewing;
  const previewable = fields.template_text.trim() !== '' && !problem;
  useEffect(() => {
    clearPreview();
    if (!previewable) return undefined;
    const timer = setTimeout(
      () =>
        askPreview({
          params: { orga: orgaId, store: storeId },
          body: { template_text: fields.template_text, variables_str: fields.variables_str },
        }),
      PREVIEW_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [askPreview, clearPreview, orgaId, storeId, fields.template_text, fields.variables_str, previewable]);
  const preview = previewing.data
    ? { text: previewing.data.text, real: previewing.data.appointment_id !== null }
    : previewing.error
      ? { failed: apiErrorText(previewing.error, bridge.language) }
      : null;

  const effects = { invalidates: templateWrites(orgaId), success: t('messages.templateSaved'), notifyFailure: false, onSuccess: onDone };
  const create = useApiMutation('createMessageTemplate', effects);
  const update = useApiMutation('updateMessageTemplate', effects);
  const saving = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  const error = failure ? formProblem(failure, bridge.language) : null;
  const save = () => {
    create.reset();
    update.reset();
    if (template) update.mutate({ params: { orga: orgaId, template: template.id }, body: fields });
    else create.mutate({ params: { orga: orgaId }, body: fields });
  };

  return (
    <Card.Root data-testid="template-editor">
      <Card.Body gap="3">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <FormField label={t('messages.templateTitle')} required>
            <Input
              value={fields.title}
              maxLength={100}
              onChange={(e) => set({ title: e.currentTarget.value })}
              data-testid="template-title"
            />
          </FormField>
          <FormField label={t('messages.templateTypeLabel')}>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                value={String(fields.template_type)}
                onChange={(e) => set({ template_type: Number(e.currentTarget.value) })}
                data-testid="template-type"
              >
                {TEMPLATE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`messages.templateType_${type}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label={t('messages.templateButtons')}>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                value={String(fields.button)}
                onChange={(e) => set({ button: Number(e.currentTarget.value) as TemplateFields['button'] })}
                data-testid="template-button"
              >
                {TEMPLATE_BUTTONS.map((button) => (
                  <option key={button} value={button}>
                    {t(`messages.buttons_${button}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label={t('messages.templateFrequency')}>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                value={fields.frequency ?? ''}
                onChange={(e) => set({ frequency: (e.currentTarget.value || null) as TemplateFields['frequency'] })}
                data-testid="template-frequency"
              >
                {FREQUENCIES.map((f) => (
                  <option key={f} value={f}>
                    {t(f === '' ? 'messages.frequency_none' : `messages.frequency_${f}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        </SimpleGrid>
        <FormField label={t('messages.templateText')} required error={problem ? t(`messages.problem_${problem}`) : null}>
          <Textarea
            ref={textArea}
            value={fields.template_text}
            rows={5}
            maxLength={1024}
            onChange={(e) => set({ template_text: e.currentTarget.value })}
            data-testid="template-text"
          />
        </FormField>
        <Box>
          <Text fontSize="sm" mb="1">
            {t('messages.insertVariable')}
          </Text>
          <HStack gap="1" wrap="wrap">
            {TEMPLATE_VARIABLE_NAMES.map((variable) => (
              <Button
                key={variable}
                size="xs"
                variant="outline"
                data-testid={`variable-${variable}`}
                onClick={() => {
                  const next = insertVariable(
                    fields.template_text,
                    fields.variables_str,
                    variable,
                    textArea.current?.selectionStart ?? undefined,
                  );
                  set({ template_text: next.text, variables_str: next.variables_str });
                }}
              >
                {t(`messages.variable_${variable}`)}
              </Button>
            ))}
          </HStack>
          <Text fontSize="xs" color="fg.muted" mt="1" data-testid="template-variables">
            {variablesOf(fields.variables_str)
              .map((v, i) => `{{${i + 1}}} ${variableText(v, t)}`)
              .join(' · ') || t('messages.noVariables')}
          </Text>
          {fields.variables_str !== '' ? (
            <Button size="xs" variant="ghost" onClick={() => set({ variables_str: '' })}>
              {t('messages.clearVariables')}
            </Button>
          ) : null}
        </Box>
        <Box borderWidth="1px" borderRadius="md" p="3" bg="bg.subtle" data-testid="template-preview">
          <Text fontSize="xs" fontWeight="semibold" mb="1">
            {t('messages.preview')}
          </Text>
          {preview === null ? (
            <Text fontSize="sm" color="fg.muted">
              {t('messages.previewEmpty')}
            </Text>
          ) : 'failed' in preview ? (
            <Text fontSize="sm" color="red.600">
              {preview.failed}
            </Text>
          ) : (
            <>
              <Text whiteSpace="pre-wrap" data-testid="template-preview-text">
                {preview.text}
              </Text>
              {!preview.real ? (
                <Text fontSize="xs" color="fg.muted" mt="1">
                  {t('messages.previewNoAppointment')}
                </Text>
              ) : null}
            </>
          )}
        </Box>
        <Text fontSize="xs" color="fg.muted" data-testid="template-submit-note">
          {t('messages.templateSubmitNote')}
        </Text>
        {error ? (
          <Text color="red.600" role="alert" data-testid="template-error">
            {error}
          </Text>
        ) : null}
        <HStack justify="flex-end">
          <Button variant="outline" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button
            colorPalette="brand"
            loading={saving}
            disabled={fields.title.trim() === '' || fields.template_text.trim() === '' || problem !== null}
            onClick={save}
            data-testid="template-save"
          >
            {t('common.save')}
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
