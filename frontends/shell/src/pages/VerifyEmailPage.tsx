import { Button, Card, Heading, Text } from '@chakra-ui/react';
import type { ApiClient } from '@pawline/api-client';
import { ErrorState, LoadingState } from '@pawline/ui';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useI18n } from '../i18n/I18nProvider';
import { useSession } from '../session/SessionProvider';
import { errorText } from './form-helpers';

type Outcome = { status: 'pending' } | { status: 'verified' } | { status: 'failed'; message: string };

// A token can be used once: keep one verification per token even if React mounts twice.
const verifications = new Map<string, Promise<Outcome>>();

function verifyOnce(api: ApiClient, token: string): Promise<Outcome> {
  let pending = verifications.get(token);
  if (!pending) {
    pending = api.verifyEmail(token).then(
      (): Outcome => ({ status: 'verified' }),
      (error: unknown): Outcome => ({ status: 'failed', message: errorText(error) }),
    );
    verifications.set(token, pending);
  }
  return pending;
}

export function VerifyEmailPage() {
  const { t } = useI18n();
  const { api, state } = useSession();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // the outcome is kept with its token: one of a token no longer in the address is not shown
  const [settled, setSettled] = useState<{ token: string; outcome: Outcome } | null>(null);
  useEffect(() => {
    if (token) void verifyOnce(api, token).then((outcome) => setSettled({ token, outcome }));
  }, [api, token]);
  const outcome: Outcome = settled?.token === token ? settled.outcome : { status: 'pending' };

  if (!token) return <ErrorState title={t('auth.validateEmailTitle')} message={t('auth.validateEmailFailed')} />;
  if (outcome.status === 'pending') return <LoadingState label={t('auth.validateEmailInProgress')} />;
  if (outcome.status === 'failed') return <ErrorState title={t('auth.validateEmailTitle')} message={outcome.message} />;
  return (
    <Card.Root maxW="lg" mx="auto" mt="8" data-testid="verify-success">
      <Card.Body gap="3">
        <Heading as="h2" size="lg">
          {t('auth.validateEmailDoneTitle')}
        </Heading>
        <Text>{t('auth.validateEmailSuccess')}</Text>
        <Button asChild colorPalette="brand" alignSelf="flex-start">
          <Link to={state.status === 'signed-in' ? '/' : '/login'}>
            {state.status === 'signed-in' ? t('common.home') : t('auth.loginLink')}
          </Link>
        </Button>
      </Card.Body>
    </Card.Root>
  );
}
