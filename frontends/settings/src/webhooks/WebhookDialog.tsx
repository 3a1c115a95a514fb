import { HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useApiMutation, type ApiError } from '@pawline/api-client';
import { WEBHOOK_DESCRIPTION_MAX, type WebhookEventType } from '@pawline/contracts';
import { FormField, useConfirmLeave } from '@pawline/ui';
import { useState } from 'react';
import type { Translate } from '../i18n/translator';
import { FormDialog } from '../shared/FormDialog';
import {
  EMPTY_WEBHOOK_FORM,
  validateWebhookForm,
  webhookBody,
  webhookChange,
  WEBHOOK_EVENT_GROUPS,
  type WebhookErrors,
  type WebhookForm,
} from './webhook-form';
import { EVENT_LABEL, GROUP_LABEL } from './webhook-labels';
import { webhookWrites, type CreatedWebhookEndpoint, type WebhookEndpoint } from './webhooks-api';

type Props = {
  t: Translate;
  orgaId: string;
  /** the endpoint to change; none: a new one */
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onCreated: (created: CreatedWebhookEndpoint) => void;
};

const formOf = (endpoint: WebhookEndpoint | null): WebhookForm =>
  endpoint ? { url: endpoint.url, description: endpoint.description, events: [...endpoint.events] } : EMPTY_WEBHOOK_FORM;

/** A webhook endpoint (issue 33): its https address, a description and the events it wants. */
export function WebhookDialog({ t, orgaId, endpoint, onClose, onCreated }: Props) {
  const initial = formOf(endpoint);
  const [form, setForm] = useState<WebhookForm>(initial);
  const [errors, setErrors] = useState<WebhookErrors>({});
  const create = useApiMutation('createWebhookEndpoint', {
    invalidates: webhookWrites(orgaId),
    success: () => t('settings.webhookCreated'),
  });
  const update = useApiMutation('updateWebhookEndpoint', {
    invalidates: webhookWrites(orgaId),
    success: () => t('settings.webhookSaved'),
  });
  const dirty = JSON.stringify(form) !== JSON.stringify(initial);
  const unsaved = t('common.unsavedChanges');
  const busy = create.isPending || update.isPending;
  useConfirmLeave(dirty && !busy, unsaved);

  const close = () => {
    // R5.15: closing a changed form asks first
    if (!dirty || window.confirm(unsaved)) onClose();
  };
  const toggle = (event: WebhookEventType, on: boolean) =>
    setForm((current) => ({ ...current, events: on ? [...current.events, event] : current.events.filter((e) => e !== event) }));

  const submit = () => {
    const found = validateWebhookForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // the server judges the address (https, not a private network): its refusal shows at the field
    const onError = (error: ApiError) => {
      const fields = error.fields ?? {};
      setErrors({
        ...(fields['url'] ? { url: 'settings.webhookUrlRefused' } : {}),
        ...(Object.keys(fields).some((f) => f.startsWith('events')) ? { events: 'settings.webhookNoEvent' } : {}),
      });
    };
    if (!endpoint) {
      create.mutate({ params: { orga: orgaId }, body: webhookBody(form) }, { onSuccess: onCreated, onError });
      return;
    }
    const change = webhookChange(initial, form);
    if (Object.keys(change).length === 0) onClose();
    else update.mutate({ params: { orga: orgaId, webhook: endpoint.id }, body: change }, { onSuccess: onClose, onError });
  };
  const err = (field: keyof WebhookErrors) => {
    const found = errors[field];
    return found ? t(found, { max: WEBHOOK_DESCRIPTION_MAX }) : undefined;
  };

  return (
    <FormDialog
      title={endpoint ? t('settings.editWebhook') : t('settings.newWebhook')}
      testId="webhook-dialog"
      saveLabel={t('common.save')}
      cancelLabel={t('common.cancel')}
      busy={busy}
      onSubmit={submit}
      onClose={close}
    >
      <Stack gap="4">
        <FormField label={t('settings.webhookUrl')} required error={err('url')} helper={t('settings.webhookUrlHint')}>
          <Input
            name="url"
            type="url"
            autoComplete="off"
            placeholder="https://"
            value={form.url}
            onChange={(e) => setForm({ ...form, url: e.currentTarget.value })}
          />
        </FormField>
        <FormField label={t('settings.webhookDescription')} error={err('description')}>
          <Input name="description" value={form.description} onChange={(e) => setForm({ ...form, description: e.currentTarget.value })} />
        </FormField>
        <Stack gap="2" role="group" aria-label={t('settings.webhookEvents')}>
          <Text fontWeight="medium">{t('settings.webhookEvents')}</Text>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            {WEBHOOK_EVENT_GROUPS.map(({ group, events }) => (
              <Stack key={group} gap="1" role="group" aria-label={t(GROUP_LABEL[group])}>
                <Text fontSize="sm" color="fg.muted">
                  {t(GROUP_LABEL[group])}
                </Text>
                {events.map((event) => (
                  <HStack as="label" gap="2" key={event}>
                    <input
                      type="checkbox"
                      name={`event-${event}`}
                      checked={form.events.includes(event)}
                      onChange={(e) => toggle(event, e.currentTarget.checked)}
                    />
                    <Text>{t(EVENT_LABEL[event])}</Text>
                  </HStack>
                ))}
              </Stack>
            ))}
          </SimpleGrid>
          {errors.events ? (
            <Text color="fg.error" fontSize="sm" data-testid="webhook-events-error">
              {err('events')}
            </Text>
          ) : null}
        </Stack>
      </Stack>
    </FormDialog>
  );
}
