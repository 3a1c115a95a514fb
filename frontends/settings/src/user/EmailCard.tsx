import { Button, Card, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useApiMutation, type PersonUser } from '@pawline/api-client';
import { validateEmail, validateRequired } from '@pawline/domain';
import { FormField, useConfirmLeave } from '@pawline/ui';
import { useState, type FormEvent } from 'react';
import type { Translate } from '../i18n/translator';
import { userWrites } from '../shared/identity-writes';

/**
 * R1.14 change e-mail: the new address is mailed a link and takes effect only once verified; the
 * current password is asked for, and the current address is told (issue 11).
 */
export function EmailCard({ user, t }: { user: PersonUser; t: Translate }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  // the person's pending address (shown below) is read again with getUser
  const change = useApiMutation('changeEmail', {
    invalidates: userWrites(),
    success: (answer) => t('settings.changeEmailSent', { email: answer.pending_email }),
  });
  const busy = change.isPending;
  useConfirmLeave(email.trim().length > 0 && !busy, t('common.unsavedChanges'));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateRequired(email) ?? validateEmail(email);
    const missingPassword = validateRequired(password);
    setError(found ? t(found) : null);
    setPasswordError(missingPassword ? t(missingPassword) : null);
    if (found || missingPassword) return;
    change.mutate(
      { body: { email: email.trim(), current_password: password } },
      {
        onSuccess: () => {
          setEmail('');
          setPassword('');
        },
      },
    );
  };

  return (
    <Card.Root data-testid="change-email">
      <Card.Header>
        <Heading size="md">{t('settings.changeEmail')}</Heading>
      </Card.Header>
      <Card.Body>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="3">
            <Text>
              {t('settings.currentEmail')}: <strong>{user.email}</strong>
            </Text>
            {user.pending_email ? (
              <Text data-testid="pending-email" color="orange.700">
                {t('settings.pendingEmail', { email: user.pending_email })}
              </Text>
            ) : null}
            <FormField label={t('settings.newEmail')} required error={error} helper={t('settings.changeEmailHint')}>
              <Input name="new_email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
            </FormField>
            <FormField label={t('settings.currentPassword')} required error={passwordError}>
              <Input
                name="current_password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
              />
            </FormField>
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={busy}>
              {t('settings.changeEmail')}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
