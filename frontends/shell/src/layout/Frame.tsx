import { Box, Flex, Heading } from '@chakra-ui/react';
import { CatalogueGate, LoadingState } from '@pawline/ui';
import { lazy, Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { useI18n } from '../i18n/I18nProvider';
import { SIGNED_IN_NAMESPACES } from '../i18n/translator';
import { useSession } from '../session/SessionProvider';
import { TOP_BAR_HEIGHT, useTopPadding } from './frame-layout';
import { PawIcon } from './icons';
import { LanguageSwitch } from './LanguageSwitch';

// The signed-in frame (drawers, store switcher, welcome and rating dialogs) loads after sign-in:
// the login page does not carry it.
const SignedInFrame = lazy(() => import('./SignedInFrame').then((m) => ({ default: m.SignedInFrame })));

/** The layout route: a loading screen while the session starts, then the frame for the user's state. */
export function Frame() {
  const { state } = useSession();
  const { t, language } = useI18n();
  if (state.status === 'starting') return <LoadingState label={t('common.loading')} />;
  if (state.status !== 'signed-in') return <SignedOutFrame />;
  return (
    <CatalogueGate language={language} namespaces={SIGNED_IN_NAMESPACES} loadingLabel={t('common.loading')}>
      <Suspense fallback={<LoadingState label={t('common.loading')} />}>
        <SignedInFrame session={state} />
      </Suspense>
    </CatalogueGate>
  );
}

function SignedOutFrame() {
  const { t } = useI18n();
  const paddingTop = useTopPadding();
  return (
    <Box minH="100vh" pt={paddingTop} bg="bg.subtle">
      <Flex as="header" data-testid="top-bar" h={`${TOP_BAR_HEIGHT}px`} align="center" gap="3" px="4" bg="brand.500" color="white">
        <Link to="/" aria-label={t('common.appName')}>
          <PawIcon />
        </Link>
        <Heading as="h1" size="md" flex="1">
          {t('common.appName')}
        </Heading>
        <Box bg="white" color="gray.800" borderRadius="md">
          <LanguageSwitch />
        </Box>
      </Flex>
      <Box as="main" p={{ base: '3', md: '6' }}>
        <Outlet />
      </Box>
    </Box>
  );
}
