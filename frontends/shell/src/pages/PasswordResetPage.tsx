import { Box, Button, Card, Heading, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { PASSWORD_MIN_LENGTH, validateEmail, validateNewPassword, validatePasswordConfirmation, validateRequired } from '@pawline/domain';
import { FormField, SNACKBAR_TYPE, useConfirmLeave } from '@pawline/ui';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useI18n } from '../i18n/I18nProvider';
import { useSession } from '../session/SessionProvider';
import { useNotify } from '../snackbar/SnackbarProvider';
import { errorText, fieldErrors, fieldText } from './form-helpers';

/** /password-reset: asks for the e-mail; the answer is the same whether or not it exists (R1.13). */
export function PasswordResetPage() {
  const { t } = useI18n();
  const { api } = useSession();
  const notify = useNotify();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateRequired(email) ?? validateEmail(email);
    setError(found ? t(found) : null);
    if (found) return;
    setBusy(true);
    api
      .requestPasswordReset(email.trim())
      .then(() => setSentTo(email.trim()))
      .catch((failure: unknown) => notify(SNACKBAR_TYPE.error, errorText(failure)))
      .finally(() => setBusy(false));
  };

  return (
    <Card.Root maxW="md" mx="auto" mt="8" data-testid="password-reset">
      <Card.Body>
        <Stack gap="4">
          <Heading as="h2" size="lg">
            {t('auth.resetTitle')}
          </Heading>
          {sentTo ? (
            <Text data-testid="password-reset-sent">{t('auth.resetSent', { email: sentTo })}</Text>
          ) : (
            <form onSubmit={onSubmit} noValidate>
              <Stack gap="4">
                <Text>{t('auth.resetIntro')}</Text>
                <FormField label={t('auth.email')} required error={error}>
                  <Input name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
                </FormField>
                <Button type="submit" colorPalette="brand" loading={busy}>
                  {t('auth.resetSend')}
                </Button>
              </Stack>
            </form>
          )}
          <Box fontSize="sm">
            <ChakraLink asChild color="brand.fg">
              <Link to="/login">{t('auth.loginLink')}</Link>
            </ChakraLink>
          </Box>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

type ResetErrors = { password?: string; confirmation?: string };

/** /password-reset/confirm?token= (and the mail's /reset-password?token=): a new password with the single-use token (R1.13). */
export function PasswordResetConfirmPage() {
  const { t } = useI18n();
  const { api } = useSession();
  const notify = useNotify();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<ResetErrors>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  useConfirmLeave((password.length > 0 || confirmation.length > 0) && !busy && !done, t('common.unsavedChanges'));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: ResetErrors = {};
    // issue 11: empty is required; whitespace only and the length come from libs/domain's rule
    const rule = password === '' ? validateRequired(password) : validateNewPassword(password);
    if (rule) found.password = t(rule, { min: PASSWORD_MIN_LENGTH });
    const same = validatePasswordConfirmation(password, confirmation);
    if (same) found.confirmation = t(same);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    api
      .confirmPasswordReset(token, password)
      .then(() => {
        setDone(true);
        setPassword('');
        setConfirmation('');
      })
      .catch((failure: unknown) => {
        const fields = fieldErrors(failure);
        if (fields['password']) setErrors({ password: fieldText(fields['password'], t) });
        notify(SNACKBAR_TYPE.error, errorText(failure));
      })
      .finally(() => setBusy(false));
  };

  return (
    <Card.Root maxW="md" mx="auto" mt="8" data-testid="password-reset-confirm">
      <Card.Body>
        <Stack gap="4">
          <Heading as="h2" size="lg">
            {t('auth.resetTitle')}
          </Heading>
          {!token ? <Text role="alert">{t('auth.resetInvalidLink')}</Text> : null}
          {done ? (
            <>
              <Text data-testid="password-reset-done">{t('auth.resetDone')}</Text>
              <Button asChild colorPalette="brand" alignSelf="flex-start">
                <Link to="/login">{t('auth.loginLink')}</Link>
              </Button>
            </>
          ) : null}
          {token && !done ? (
            <form onSubmit={onSubmit} noValidate>
              <Stack gap="4">
                <FormField label={t('auth.newPassword')} required error={errors.password}>
                  <Input
                    name="password"
                    type="password"
                    autoComplete="new-password"
                    value={password}
                    onChange={(e) => setPassword(e.currentTarget.value)}
                  />
                </FormField>
                <FormField label={t('auth.newPasswordConfirmation')} required error={errors.confirmation}>
                  <Input
                    name="password_confirmation"
                    type="password"
                    autoComplete="new-password"
                    value={confirmation}
                    onChange={(e) => setConfirmation(e.currentTarget.value)}
                  />
                </FormField>
                <Button type="submit" colorPalette="brand" loading={busy}>
                  {t('auth.resetSave')}
                </Button>
              </Stack>
            </form>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
