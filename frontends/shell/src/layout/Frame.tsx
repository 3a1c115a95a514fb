import { Box, Flex, Heading } from '@chakra-ui/react';
import type { Organization } from '@pawline/api-client';
import { CatalogueGate, LoadingState } from '@pawline/ui';
import { lazy, Suspense, useMemo } from 'react';
import { Link, Outlet } from 'react-router';
import { visibleStores } from '../access/orga-access';
import { useI18n } from '../i18n/I18nProvider';
import { SIGNED_IN_NAMESPACES } from '../i18n/translator';
import { useSession } from '../session/SessionProvider';
import { PawIcon } from './icons';
import { LanguageSwitch } from './LanguageSwitch';
import { isIosPlatform, topPadding } from './platform';

// The signed-in frame (drawers, store switcher, welcome and rating dialogs) loads after sign-in:
// the login page does not carry it.
const SignedInFrame = lazy(() => import('./SignedInFrame').then((m) => ({ default: m.SignedInFrame })));

export const TOP_BAR_HEIGHT = 56;

export function useTopPadding(): string {
  return useMemo(() => topPadding(isIosPlatform(navigator.userAgent, navigator.platform, navigator.maxTouchPoints)), []);
}

/** `/` leads to the first store this user reaches (R6.04). */
export function firstStoreHref(orga: Organization | null, userId: string): string | null {
  const store = visibleStores(orga, userId)[0];
  return orga && store ? `/${orga.id}/store/${store.id}` : null;
}

/** The store the drawer links to: the one shown when the user reaches it, else the first they reach. */
export function drawerStoreId(orga: Organization | null, userId: string, currentStoreId: string | null): string | null {
  const stores = visibleStores(orga, userId);
  if (currentStoreId && stores.some((store) => store.id === currentStoreId)) return currentStoreId;
  return orga ? (stores[0]?.id ?? null) : null;
}

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
