import { Box, Button, Card, Heading, Input, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { ApiError } from '@pawline/api-client';
import { FormField, SNACKBAR_TYPE } from '@pawline/ui';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useI18n } from '../i18n/I18nProvider';
import { useSession } from '../session/SessionProvider';
import { useNotify } from '../snackbar/SnackbarProvider';
import { errorText } from './form-helpers';

export function LoginPage() {
  const { t } = useI18n();
  const { state, login, api } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  const target = typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // issue 29: a login refused as not confirmed offers the mail again, for the name it was refused for
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const [resent, setResent] = useState(false);

  if (state.status === 'signed-in') return <Navigate to={target} replace />;

  const required = t('validation.required');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!username.trim() || !password) return;
    setBusy(true);
    setFailure(null);
    setUnconfirmed(null);
    setResent(false);
    void login(username.trim(), password)
      .then(() => navigate(target, { replace: true }))
      .catch((error: unknown) => {
        // R8.07: the server's (localised) message as a snackbar, and beside the form
        setFailure(errorText(error));
        if (error instanceof ApiError && error.code === 'server_701') setUnconfirmed(username.trim());
        notify(SNACKBAR_TYPE.error, errorText(error));
      })
      .finally(() => setBusy(false));
  };

  return (
    <Card.Root maxW="md" mx="auto" mt="8">
      <Card.Body>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="4">
            <Heading as="h2" size="lg">
              {t('auth.loginTitle')}
            </Heading>
            <FormField label={t('auth.usernameOrEmail')} required error={submitted && !username.trim() ? required : null}>
              <Input name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.currentTarget.value)} />
            </FormField>
            <FormField label={t('auth.password')} required error={submitted && !password ? required : null}>
              <Input
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
              />
            </FormField>
            {failure ? (
              <Text color="fg.error" role="alert" data-testid="login-error">
                {failure}
              </Text>
            ) : null}
            {unconfirmed && resent ? (
              <Text role="status" data-testid="resend-done">
                {t('auth.resendDone')}
              </Text>
            ) : null}
            {unconfirmed && !resent ? (
              <Box>
                <Button
                  variant="outline"
                  size="sm"
                  data-testid="resend-verification"
                  onClick={() =>
                    void api.resendVerification(unconfirmed).then(
                      () => setResent(true),
                      (error: unknown) => setFailure(errorText(error)),
                    )
                  }
                >
                  {t('auth.resendEmail')}
                </Button>{' '}
                <ChakraLink asChild color="brand.fg" fontSize="sm">
                  <Link to="/verify-email">{t('auth.validateEmailHaveCode')}</Link>
                </ChakraLink>
              </Box>
            ) : null}
            <Button type="submit" colorPalette="brand" loading={busy}>
              {t('auth.loginButton')}
            </Button>
            <Box fontSize="sm">
              <ChakraLink asChild color="brand.fg" data-testid="forgot-password">
                <Link to="/password-reset">{t('auth.forgotPassword')}</Link>
              </ChakraLink>
            </Box>
            <Box fontSize="sm">
              {t('auth.noAccount')}{' '}
              <ChakraLink asChild color="brand.fg">
                <Link to="/register">{t('auth.registerLink')}</Link>
              </ChakraLink>
            </Box>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
