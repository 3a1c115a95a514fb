import { Badge, Box, Button, Card, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useApiMutation, useApiQuery } from '@pawline/api-client';
import { apiErrorText, ConfirmDialog, EmptyState, FormField, QueryState } from '@pawline/ui';
import { useEffect, useRef, useState } from 'react';
import { templateWrites, type MessageTemplate, type TemplateFields, type WhatsappRegistration } from '../api/messages-api';
import { formProblem, type MessagesContext } from '../shared/messages-context';
import { reviewReasonText } from '../whatsapp/whatsapp-texts';
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
// WhatsApp's reviews that keep a template from being sent; an own one is corrected and submitted again as a new version
const HELD_BACK: ReadonlySet<string> = new Set(['rejected', 'refused', 'paused', 'disabled']);
const META_PALETTE: Record<string, string> = {
  approved: 'green',
  pending: 'yellow',
  rejected: 'red',
  refused: 'red',
  paused: 'orange',
  disabled: 'red',
};

type Review = Pick<WhatsappRegistration, 'status' | 'reason' | 'reason_detail' | 'version'>;

/** Issue 27 how WhatsApp has the template in the salon's account: its review, Meta's reason in the user's words, the version. */
function MetaReview({ t, review }: { t: MessagesContext['t']; review: Review | null }) {
  if (review === null)
    return (
      <Box data-testid="template-meta">
        <Badge size="sm" data-testid="template-meta-status" data-status="none">
          {t('messages.metaStatus_none')}
        </Badge>
      </Box>
    );
  const reason = reviewReasonText(t, review);
  return (
    <Stack gap="1" data-testid="template-meta">
      <HStack gap="2">
        <Badge
          size="sm"
          colorPalette={META_PALETTE[review.status] ?? 'gray'}
          data-testid="template-meta-status"
          data-status={review.status}
        >
          {t(`messages.metaStatus_${review.status}`)}
        </Badge>
        <Text fontSize="xs" color="fg.muted">
          {t('messages.templateVersion', { version: review.version })}
        </Text>
      </HStack>
      {reason ? (
        <Text fontSize="sm" color="red.700" data-testid="template-meta-reason">
          {reason}
        </Text>
      ) : null}
      {review.reason_detail && HELD_BACK.has(review.status) ? (
        <Text fontSize="xs" color="fg.muted" data-testid="template-meta-detail">
          {t('messages.metaDetail', { detail: review.reason_detail })}
        </Text>
      ) : null}
      {HELD_BACK.has(review.status) || review.status === 'pending' ? (
        <Text fontSize="xs" color="fg.muted">
          {t('messages.metaNotSent')}
        </Text>
      ) : null}
    </Stack>
  );
}

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
                        <Badge size="sm" data-testid="template-language">
                          {tpl.language.toUpperCase()}
                        </Badge>
                        {tpl.whatsapp === undefined ? (
                          <Badge
                            size="sm"
                            colorPalette={tpl.status === 'approved' ? 'green' : tpl.status === 'rejected' ? 'red' : 'yellow'}
                          >
                            {t(`messages.templateStatus_${tpl.status}`)}
                          </Badge>
                        ) : null}
                        {tpl.built_in ? <Badge size="sm">{t('messages.builtIn')}</Badge> : null}
                      </HStack>
                    </HStack>
                    {tpl.whatsapp !== undefined ? <MetaReview t={t} review={tpl.whatsapp} /> : null}
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
                        {tpl.whatsapp && HELD_BACK.has(tpl.whatsapp.status) ? (
                          <Button size="xs" colorPalette="brand" onClick={() => setEditing(tpl)} data-testid="template-resubmit">
                            {t('messages.templateResubmit')}
                          </Button>
                        ) : (
                          <Button size="xs" variant="outline" onClick={() => setEditing(tpl)} data-testid="template-edit">
                            {t('common.edit')}
                          </Button>
                        )}
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
      <BookingMessages ctx={ctx} />
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

/** The newest registration of each booking message per language (they are not message templates of their own). */
export function bookingRegistrations(registrations: readonly WhatsappRegistration[]): WhatsappRegistration[] {
  const newest = new Map<string, WhatsappRegistration>();
  for (const r of registrations) {
    if (r.source !== 'booking' || r.booking_kind === null) continue;
    const key = `${r.booking_kind}|${r.language}`;
    const before = newest.get(key);
    if (!before || r.version > before.version) newest.set(key, r);
  }
  return [...newest.values()].sort((a, b) => `${a.booking_kind}|${a.language}`.localeCompare(`${b.booking_kind}|${b.language}`));
}

/** Issue 27 the booking messages' reviews at WhatsApp (shown once the salon's number has any). */
function BookingMessages({ ctx }: { ctx: MessagesContext }) {
  const { t, orgaId } = ctx;
  const registrations = useApiQuery('listWhatsappTemplates', { params: { orga: orgaId } });
  const shown = bookingRegistrations(registrations.data?.v ?? []);
  if (shown.length === 0) return null;
  return (
    <Box data-testid="booking-messages">
      <Heading as="h3" size="md" mb="1">
        {t('messages.bookingMessagesTitle')}
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="2">
        {t('messages.bookingMessagesText')}
      </Text>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="3">
        {shown.map((r) => (
          <Card.Root key={r.id} size="sm" data-testid="booking-message">
            <Card.Body gap="2">
              <HStack justify="space-between">
                <Text fontWeight="semibold">{r.booking_kind ? t(`messages.bookingKind_${r.booking_kind}`) : r.name}</Text>
                <Badge size="sm">{r.language.toUpperCase()}</Badge>
              </HStack>
              <MetaReview t={t} review={r} />
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Box>
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
