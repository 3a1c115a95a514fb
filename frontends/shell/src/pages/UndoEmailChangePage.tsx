import { Button, Card, Heading, Text } from '@chakra-ui/react';
import { ErrorState } from '@pawline/ui';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useI18n } from '../i18n/I18nProvider';
import { useSession } from '../session/SessionProvider';
import { errorText } from './form-helpers';

type Outcome = { status: 'asking' } | { status: 'busy' } | { status: 'undone'; email: string } | { status: 'failed'; message: string };

/**
 * The link of the mail that tells the old address about a change of e-mail address (issue 11). It
 * asks before acting, so a mail scanner that opens links cannot undo a change the owner wanted.
 */
export function UndoEmailChangePage() {
  const { t } = useI18n();
  const { api } = useSession();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ status: 'asking' });

  if (!token) return <ErrorState title={t('auth.undoEmailTitle')} message={t('auth.undoEmailMissingToken')} />;
  if (outcome.status === 'failed') return <ErrorState title={t('auth.undoEmailTitle')} message={outcome.message} />;

  const undo = () => {
    setOutcome({ status: 'busy' });
    api.undoEmailChange(token).then(
      (answer) => setOutcome({ status: 'undone', email: answer.email }),
      (error: unknown) => setOutcome({ status: 'failed', message: errorText(error) }),
    );
  };

  return (
    <Card.Root maxW="lg" mx="auto" mt="8" data-testid="undo-email-change">
      <Card.Body gap="3">
        <Heading as="h2" size="lg">
          {t('auth.undoEmailTitle')}
        </Heading>
        {outcome.status === 'undone' ? (
          <>
            <Text>{t('auth.undoEmailDone', { email: outcome.email })}</Text>
            <Button asChild colorPalette="brand" alignSelf="flex-start">
              <Link to="/password-reset">{t('auth.undoEmailResetPassword')}</Link>
            </Button>
          </>
        ) : (
          <>
            <Text>{t('auth.undoEmailText')}</Text>
            <Button colorPalette="brand" alignSelf="flex-start" loading={outcome.status === 'busy'} onClick={undo}>
              {t('auth.undoEmailAction')}
            </Button>
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
