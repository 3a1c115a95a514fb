import { Button, Card, Heading, Input, Stack } from '@chakra-ui/react';
import { useApiMutation } from '@pawline/api-client';
import { FormField } from '@pawline/ui';
import { useState, type FormEvent } from 'react';
import { keyOrText } from '@pawline/i18n';
import type { Translate } from '../i18n/translator';
import { EMPTY_PASSWORD_FORM, validatePasswordForm, type PasswordErrors, type PasswordForm } from './password-form';

const SERVER_FIELDS: Record<string, keyof PasswordForm> = { current_password: 'current', password: 'next' };

export function PasswordCard({ t }: { t: Translate }) {
  const [form, setForm] = useState<PasswordForm>(EMPTY_PASSWORD_FORM);
  const [errors, setErrors] = useState<PasswordErrors>({});
  // a refusal is the error snackbar in the user's language, and its field messages go beside the fields
  const change = useApiMutation('changePassword', { success: t('settings.passwordChanged') });
  const busy = change.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validatePasswordForm(form, {
      required: t('validation.required'),
      passwordsDiffer: t('validation.passwordsNotSame'),
      passwordBlank: t('validation.passwordBlank'),
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      { body: { current_password: form.current, password: form.next } },
      {
        onSuccess: () => setForm(EMPTY_PASSWORD_FORM),
        onError: (error) => {
          if (!error.fields) return;
          const fromServer: PasswordErrors = {};
          for (const [name, text] of Object.entries(error.fields)) {
            const field = SERVER_FIELDS[name];
            // identity answers libs/i18n keys (validation.passwordCommon, …): shown in the user's language
            if (field) fromServer[field] = keyOrText(t, text);
          }
          setErrors(fromServer);
        },
      },
    );
  };

  return (
    <Card.Root data-testid="change-password">
      <Card.Header>
        <Heading size="md">{t('settings.changePassword')}</Heading>
      </Card.Header>
      <Card.Body>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="4">
            <FormField label={t('settings.currentPassword')} required error={errors.current}>
              <Input
                name="current_password"
                type="password"
                autoComplete="current-password"
                value={form.current}
                onChange={(e) => setForm({ ...form, current: e.currentTarget.value })}
              />
            </FormField>
            <FormField label={t('settings.newPassword')} required error={errors.next}>
              <Input
                name="password"
                type="password"
                autoComplete="new-password"
                value={form.next}
                onChange={(e) => setForm({ ...form, next: e.currentTarget.value })}
              />
            </FormField>
            <FormField label={t('settings.newPasswordConfirmation')} required error={errors.confirmation}>
              <Input
                name="password_confirmation"
                type="password"
                autoComplete="new-password"
                value={form.confirmation}
                onChange={(e) => setForm({ ...form, confirmation: e.currentTarget.value })}
              />
            </FormField>
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={busy}>
              {t('settings.changePassword')}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
