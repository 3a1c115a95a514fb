import { Badge, Box, Button, Card, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useApiMutation, useApiQuery } from '@pawline/api-client';
import { apiErrorText, ConfirmDialog, EmptyState, FormField, QueryState } from '@pawline/ui';
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

/** R3.13 the message templates by type; administrators add and change their own. */
export function TemplatesPage({ ctx }: { ctx: MessagesContext }) {
  const { t, bridge, orgaId } = ctx;
  const list = useApiQuery('listMessageTemplates', { params: { orga: orgaId } });
  return (
    <QueryState query={list} language={bridge.language} errorTitle={t('messages.loadFailed')}>
      {(answer) => <TemplateList ctx={ctx} templates={answer.v} />}
    </QueryState>
  );
}

function TemplateList({ ctx, templates }: { ctx: MessagesContext; templates: MessageTemplate[] }) {
  const { t, orgaId } = ctx;
  const [editing, setEditing] = useState<MessageTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MessageTemplate | null>(null);
  const remove = useApiMutation('deleteMessageTemplate', { invalidates: templateWrites(orgaId), onSettled: () => setDeleting(null) });

  return (
    <Stack gap="4" data-testid="templates-page">
      <HStack justify="space-between">
        <Heading as="h2" size="lg">
          {t('messages.templatesTitle')}
        </Heading>
        {ctx.admin && editing === null ? (
          <Button colorPalette="brand" size="sm" onClick={() => setEditing('new')} data-testid="template-new">
            {t('messages.templateNew')}
          </Button>
        ) : null}
      </HStack>
      {!ctx.admin ? (
        <Text fontSize="sm" color="fg.muted" data-testid="read-only-note">
          {t('messages.adminOnly')}
        </Text>
      ) : null}
      {editing !== null ? (
        <TemplateEditor
          ctx={ctx}
          template={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      {templates.length === 0 ? <EmptyState title={t('messages.templatesEmpty')} /> : null}
      {TEMPLATE_TYPES.map((type) => {
        const ofType = templates.filter((tpl) => tpl.template_type === type);
        if (ofType.length === 0) return null;
        return (
          <Box key={type} data-testid={`template-type-${type}`}>
            <Heading as="h3" size="md" mb="2">
              {t(`messages.templateType_${type}`)}
            </Heading>
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="3">
              {ofType.map((tpl) => (
                <Card.Root key={tpl.id} size="sm" data-testid="template">
                  <Card.Body gap="2">
                    <HStack justify="space-between" align="flex-start">
                      <Text fontWeight="semibold">{tpl.title}</Text>
                      <HStack gap="1">
                        <Badge size="sm">{tpl.language.toUpperCase()}</Badge>
                        <Badge size="sm" colorPalette={tpl.status === 'approved' ? 'green' : tpl.status === 'rejected' ? 'red' : 'yellow'}>
                          {t(`messages.templateStatus_${tpl.status}`)}
                        </Badge>
                        {tpl.built_in ? <Badge size="sm">{t('messages.builtIn')}</Badge> : null}
                      </HStack>
                    </HStack>
                    <Text whiteSpace="pre-wrap" fontSize="sm">
                      {tpl.template_text}
                    </Text>
                    {variablesOf(tpl.variables_str).length > 0 ? (
                      <Text fontSize="xs" color="fg.muted">
                        {variablesOf(tpl.variables_str)
                          .map((v, i) => `{{${i + 1}}} ${variableText(v, t)}`)
                          .join(' · ')}
                      </Text>
                    ) : null}
                    {tpl.button > 0 ? (
                      <Text fontSize="xs" color="fg.muted">
                        {t(`messages.buttons_${tpl.button}`)}
                      </Text>
                    ) : null}
                    {ctx.admin && !tpl.built_in ? (
                      <HStack>
                        <Button size="xs" variant="outline" onClick={() => setEditing(tpl)} data-testid="template-edit">
                          {t('common.edit')}
                        </Button>
                        <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setDeleting(tpl)} data-testid="template-delete">
                          {t('common.delete')}
                        </Button>
                      </HStack>
                    ) : null}
                  </Card.Body>
                </Card.Root>
              ))}
            </SimpleGrid>
          </Box>
        );
      })}
      {deleting ? (
        <ConfirmDialog
          open
          title={t('messages.templateDeleteTitle')}
          confirmLabel={t('common.delete')}
          cancelLabel={t('common.cancel')}
          danger
          onCancel={() => setDeleting(null)}
          onConfirm={() => remove.mutate({ params: { orga: orgaId, template: deleting.id } })}
        >
          <Text>{t('messages.templateDeleteText', { title: deleting.title })}</Text>
        </ConfirmDialog>
      ) : null}
    </Stack>
  );
}

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
function TemplateEditor({
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
