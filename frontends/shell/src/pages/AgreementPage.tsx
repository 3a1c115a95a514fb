import { Button, Card, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { acceptanceName } from '@pawline/domain';
import { ErrorState, FormField, LoadingState } from '@pawline/ui';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useI18n } from '../i18n/I18nProvider';
import { useSession } from '../session/SessionProvider';
import { errorText } from './form-helpers';

type Page = { store_name: string; version: number; text: string; accepted: boolean };
type State =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; page: Page; busy: boolean; problem: string | null; acceptedAt: string | null };

/**
 * Issue 31 the signed link a salon sends its customer: the agreement's text in the customer's language (the
 * version the link was made for) and the acceptance with the name typed; the time and address are the server's.
 */
export function AgreementPage() {
  const { t, language } = useI18n();
  const { api } = useSession();
  const token = useParams()['token'] ?? '';
  const [state, setState] = useState<State>({ status: 'loading' });
  const [name, setName] = useState('');

  useEffect(() => {
    let current = true;
    api.getPublicAgreement(token).then(
      (page) => current && setState({ status: 'ready', page, busy: false, problem: null, acceptedAt: null }),
      (error: unknown) => current && setState({ status: 'failed', message: errorText(error) }),
    );
    return () => {
      current = false;
    };
    // the text is read again in the language the customer switches to
  }, [api, token, language]);

  if (state.status === 'loading') return <LoadingState label={t('auth.agreementLoading')} />;
  if (state.status === 'failed') return <ErrorState title={t('auth.agreementTitle')} message={state.message} />;
  const { page } = state;

  const accept = () => {
    if (acceptanceName(name) === null) {
      setState({ ...state, problem: t('validation.agreementName') });
      return;
    }
    setState({ ...state, busy: true, problem: null });
    api.acceptPublicAgreement(token, name).then(
      (acceptance) =>
        setState({ ...state, busy: false, problem: null, page: { ...page, accepted: true }, acceptedAt: acceptance.accepted_at }),
      (error: unknown) => setState({ ...state, busy: false, problem: errorText(error) }),
    );
  };

  return (
    <Card.Root maxW="2xl" mx="auto" mt="8" data-testid="agreement-page">
      <Card.Body gap="4">
        <Heading as="h1" size="lg">
          {t('auth.agreementHeading', { store: page.store_name })}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {t('auth.agreementVersion', { version: page.version })}
        </Text>
        <Text
          whiteSpace="pre-wrap"
          data-testid="agreement-text"
          borderWidth="1px"
          borderRadius="md"
          p="3"
          maxH="60vh"
          overflowY="auto"
          tabIndex={0}
        >
          {page.text}
        </Text>
        {page.accepted ? (
          <Text role="status" data-testid="agreement-accepted" fontWeight="bold">
            {t('auth.agreementAccepted')}
          </Text>
        ) : (
          <Stack gap="3">
            <FormField label={t('auth.agreementName')} helper={t('auth.agreementNameHelp')} error={state.problem}>
              <Input value={name} onChange={(e) => setName(e.currentTarget.value)} autoComplete="name" data-testid="agreement-name" />
            </FormField>
            <Button colorPalette="brand" alignSelf="flex-start" loading={state.busy} onClick={accept} data-testid="agreement-accept">
              {t('auth.agreementAccept')}
            </Button>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
