import { Button, Card, Heading, Text } from '@chakra-ui/react';
import { ErrorState, LoadingState } from '@pawline/ui';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useI18n } from '../i18n/I18nProvider';
import { useSession, type Session } from '../session/SessionProvider';
import { ConfirmEmailCode } from './ConfirmEmailCode';
import { errorText } from './form-helpers';

type Outcome = { status: 'pending' } | { status: 'verified'; signedIn: boolean } | { status: 'failed'; message: string };

// A token can be used once: keep one verification per token even if React mounts twice.
const verifications = new Map<string, Promise<Outcome>>();

function verifyOnce(confirmEmail: Session['confirmEmail'], token: string): Promise<Outcome> {
  let pending = verifications.get(token);
  if (!pending) {
    pending = confirmEmail({ token }).then(
      (signedIn): Outcome => ({ status: 'verified', signedIn }),
      (error: unknown): Outcome => ({ status: 'failed', message: errorText(error) }),
    );
    verifications.set(token, pending);
  }
  return pending;
}

/**
 * /verify-email?token=…: the mail's link confirms the address and, for a registration, signs in
 * (issue 29). Without a token, or when the link failed, the mail's six digits can be typed here.
 */
export function VerifyEmailPage() {
  const { t } = useI18n();
  const { confirmEmail, state } = useSession();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // the outcome is kept with its token: one of a token no longer in the address is not shown
  const [settled, setSettled] = useState<{ token: string; outcome: Outcome } | null>(null);
  useEffect(() => {
    if (token) void verifyOnce(confirmEmail, token).then((outcome) => setSettled({ token, outcome }));
  }, [confirmEmail, token]);
  const outcome: Outcome = settled?.token === token ? settled.outcome : { status: 'pending' };

  if (!token || outcome.status === 'failed') {
    return (
      <Card.Root maxW="lg" mx="auto" mt="8" data-testid="verify-by-code">
        <Card.Body gap="3">
          {token && outcome.status === 'failed' ? <ErrorState title={t('auth.validateEmailTitle')} message={outcome.message} /> : null}
          <Heading as="h2" size="lg">
            {t('auth.validateEmailCodeTitle')}
          </Heading>
          <Text>{t('auth.validateEmailHaveCode')}</Text>
          <ConfirmEmailCode />
        </Card.Body>
      </Card.Root>
    );
  }
  if (outcome.status === 'pending') return <LoadingState label={t('auth.validateEmailInProgress')} />;
  const signedIn = state.status === 'signed-in';
  return (
    <Card.Root maxW="lg" mx="auto" mt="8" data-testid="verify-success">
      <Card.Body gap="3">
        <Heading as="h2" size="lg">
          {t('auth.validateEmailDoneTitle')}
        </Heading>
        <Text>{signedIn && outcome.signedIn ? t('auth.validateEmailWelcome') : t('auth.validateEmailSuccess')}</Text>
        <Button asChild colorPalette="brand" alignSelf="flex-start">
          <Link to={signedIn ? '/' : '/login'}>{signedIn ? t('common.home') : t('auth.loginLink')}</Link>
        </Button>
      </Card.Body>
    </Card.Root>
  );
}
