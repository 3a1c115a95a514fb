import { Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { EmptyState, ErrorState, LoadingState } from '@pawline/ui';
import { Link, Navigate } from 'react-router';
import { useI18n } from '../i18n/I18nProvider';
import { firstStoreHref } from '../layout/frame-layout';
import { useSession } from '../session/SessionProvider';
import { useSignedIn } from '../session/signed-in-context';

/** `/`: the welcome page when signed out; the first store's home when signed in. */
export function HomePage() {
  const { t } = useI18n();
  const { state } = useSession();
  if (state.status === 'starting') return <LoadingState label={t('common.loading')} />;
  if (state.status === 'signed-out') {
    return (
      <Card.Root maxW="2xl" mx="auto" mt="8" data-testid="welcome">
        <Card.Body>
          <Stack gap="4">
            <Heading as="h2" size="xl">
              {t('shell.landingTitle')}
            </Heading>
            <Text>{t('shell.landingText')}</Text>
            <Text fontWeight="semibold">{t('auth.freeTrialNoPayment')}</Text>
            <HStack gap="3">
              <Button asChild colorPalette="brand">
                <Link to="/login">{t('auth.loginTitle')}</Link>
              </Button>
              <Button asChild variant="outline" colorPalette="brand">
                <Link to="/register">{t('auth.registerTitle')}</Link>
              </Button>
            </HStack>
          </Stack>
        </Card.Body>
      </Card.Root>
    );
  }
  return <SignedInHome />;
}

/** The first store's home, or why there is none: the organization as the signed-in frame has it. */
function SignedInHome() {
  const { t } = useI18n();
  const { orga, orgaError, user, reloadOrganization } = useSignedIn();
  if (!orga) {
    return (
      <ErrorState
        title={t('shell.orgaLoadFailed')}
        message={orgaError?.message}
        retryLabel={t('common.retry')}
        onRetry={() => void reloadOrganization().catch(() => undefined)}
      />
    );
  }
  const href = firstStoreHref(orga, user.id);
  if (href) return <Navigate to={href} replace />;
  return (
    <EmptyState
      title={t('shell.noStoreTitle')}
      description={t('shell.noStoreText')}
      action={
        <Button asChild variant="outline">
          <Link to="/user">{t('shell.navUser')}</Link>
        </Button>
      }
    />
  );
}
