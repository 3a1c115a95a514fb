import { Input, Stack } from '@chakra-ui/react';
import { useApiMutation, type ApiError } from '@pawline/api-client';
import { FormField, useConfirmLeave } from '@pawline/ui';
import { useState } from 'react';
import type { Translate } from '../i18n/translator';
import { FormDialog } from '../shared/FormDialog';
import { serverFieldErrors } from '../shared/options';
import {
  EMPTY_EXTERNAL_SERVICE_FORM,
  externalServiceChange,
  externalServiceFields,
  externalServiceFormOf,
  sameExternalServiceForm,
  SERVICE_ID_MAX,
  SERVICE_NAME_MAX,
  validateExternalServiceForm,
  type ExternalServiceErrors,
  type ExternalServiceField,
  type ExternalServiceForm,
} from './external-service-form';
import { externalServiceWrites, type ExternalService } from './external-services-api';

/**
 * The server's field names and the form's message for each, in the user's language: a used service id
 * answers server_401 with the field service_id (R5.14, R8.04).
 */
const SERVER_FIELD_KEYS = {
  service_id: 'errors.server_401',
  name: 'settings.externalServiceNameTooLong',
} as const satisfies Record<ExternalServiceField, string>;
const SERVER_FIELD_NAMES = Object.keys(SERVER_FIELD_KEYS) as ExternalServiceField[];

type Props = {
  t: Translate;
  orgaId: string;
  /** null creates a new service */
  service: ExternalService | null;
  /** the organization's other services: a service id they use is refused (R5.14) */
  others: readonly ExternalService[];
  onClose: () => void;
  onSaved: (saved: ExternalService) => void;
};

/** Create or edit an external service: its service id and its name (R1.10). */
export function ExternalServiceDialog({ t, orgaId, service, others, onClose, onSaved }: Props) {
  const [initial] = useState<ExternalServiceForm>(() => (service ? externalServiceFormOf(service) : EMPTY_EXTERNAL_SERVICE_FORM));
  const [form, setForm] = useState<ExternalServiceForm>(initial);
  const [errors, setErrors] = useState<ExternalServiceErrors>({});
  const effects = { invalidates: externalServiceWrites(orgaId), success: t('settings.changesSaved') };
  const create = useApiMutation('createExternalService', effects);
  const update = useApiMutation('updateExternalService', effects);
  const busy = create.isPending || update.isPending;
  const dirty = !sameExternalServiceForm(initial, form);
  const unsaved = t('common.unsavedChanges');
  useConfirmLeave(dirty && !busy, unsaved);

  const set = (key: ExternalServiceField, value: string) => setForm((current) => ({ ...current, [key]: value }));
  const close = () => {
    // R5.15: closing a changed form asks first
    if (!dirty || window.confirm(unsaved)) onClose();
  };
  const err = (key: ExternalServiceField) => {
    const found = errors[key];
    return found ? t(found, { max: key === 'service_id' ? SERVICE_ID_MAX : SERVICE_NAME_MAX }) : undefined;
  };

  const submit = () => {
    const found = validateExternalServiceForm(form, others);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (service && !dirty) {
      onClose();
      return;
    }
    // the server's field messages (a used id answers server_401 at service_id, R5.14) in the user's words
    const onError = (error: ApiError) => {
      const found: ExternalServiceErrors = {};
      for (const field of Object.keys(serverFieldErrors(error.fields, SERVER_FIELD_NAMES)) as ExternalServiceField[])
        found[field] = SERVER_FIELD_KEYS[field];
      setErrors(found);
    };
    if (service)
      update.mutate(
        { params: { orga: orgaId, id: service.id }, body: externalServiceChange(service, form) },
        { onSuccess: onSaved, onError },
      );
    else create.mutate({ params: { orga: orgaId }, body: externalServiceFields(form) }, { onSuccess: onSaved, onError });
  };

  return (
    <FormDialog
      title={service ? t('settings.editExternalService') : t('settings.newExternalService')}
      testId="external-service-dialog"
      saveLabel={t('common.save')}
      cancelLabel={t('common.cancel')}
      busy={busy}
      onSubmit={submit}
      onClose={close}
    >
      <Stack gap="4">
        <FormField label={t('settings.externalServiceName')} required error={err('name')}>
          <Input name="name" maxLength={SERVICE_NAME_MAX + 20} value={form.name} onChange={(e) => set('name', e.currentTarget.value)} />
        </FormField>
        <FormField label={t('settings.externalServiceId')} required error={err('service_id')} helper={t('settings.externalServiceIdHint')}>
          <Input name="service_id" autoComplete="off" value={form.service_id} onChange={(e) => set('service_id', e.currentTarget.value)} />
        </FormField>
      </Stack>
    </FormDialog>
  );
}
