import { Box, Flex, Heading, IconButton } from '@chakra-ui/react';
import type { Language } from '@pawline/api-client';
import { SNACKBAR_TYPE, useNarrowScreen } from '@pawline/ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, Outlet, useMatch, useNavigate } from 'react-router';
import { RANKS } from '@pawline/domain';
import { isOrgaAdministrator, memberOf, visibleStores } from '../access/orga-access';
import { AdminNotificationBar } from '../frame/AdminNotificationBar';
import { AutoRatingDialog } from '../frame/AutoRatingDialog';
import { MessagePlan } from '../frame/MessagePlan';
import { WelcomeDialog } from '../frame/WelcomeDialog';
import { useI18n } from '../i18n/I18nProvider';
import { LANGUAGE_STORAGE_KEY } from '../i18n/language-choice';
import { useSession } from '../session/SessionProvider';
import type { SignedIn } from '../session/session-start';
import { SignedInDataProvider } from '../session/SignedInData';
import { useSignedIn } from '../session/signed-in-context';
import { drawerLinks } from '../remotes/remote-manifest';
import { useNotify } from '../snackbar/SnackbarProvider';
import { NotificationCenter } from '../notifications/NotificationCenter';
import { SidebarTrialNotice } from '../subscription/SidebarTrialNotice';
import { SubscriptionGate } from '../subscription/SubscriptionBlock';
import { SubscriptionNotices } from '../subscription/SubscriptionNotices';
import { subscriptionStanding } from '../subscription/subscription-standing';
import { useNow } from '../subscription/useNow';
import { readNotificationsOption, writeNotificationsOption } from '../notifications/notifications-option';
import { CommandPalette } from '../palette/CommandPalette';
import { HelpIcon, MenuIcon, PersonIcon } from './icons';
import { LeftDrawer } from './LeftDrawer';
import { drawerWidth, readMiniVariant, writeMiniVariant } from './mini-variant';
import { StoreSwitcher } from './StoreSwitcher';
import { UserDrawer } from './UserDrawer';
import { drawerStoreId, TOP_BAR_HEIGHT, useTopPadding } from './frame-layout';

// Below this width (tablets) the drawer starts as the mini variant until the user chooses.
const MINI_BY_DEFAULT_BELOW_PX = 1024;

/** The frame of a signed-in user, over the shell's data layer (one QueryClient per sign-in). */
export function SignedInFrame({ session }: { session: SignedIn }) {
  const { api, subscribe, subscribeReconnects } = useSession();
  return (
    <SignedInDataProvider key={session.user.id} session={session} api={api} subscribe={subscribe} subscribeReconnects={subscribeReconnects}>
      <SignedInLayout />
    </SignedInDataProvider>
  );
}

/** Top bar, drawers, store switcher, notification bar and dialogs, for the person and organization as they are now. */
function SignedInLayout() {
  const session = useSignedIn();
  const { reloadOrganization } = session;
  const { t, language, changeLanguage } = useI18n();
  const { logout, api, subscribe } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const paddingTop = useTopPadding();
  const [mini, setMini] = useState(() => readMiniVariant(window.localStorage, window.innerWidth < MINI_BY_DEFAULT_BELOW_PX));
  // phones: the drawer is an overlay opened from the top bar (issue 16); the mini choice stays for wide screens
  const narrow = useNarrowScreen();
  const [overlayOpen, setOverlayOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeOverlay = useCallback(() => {
    setOverlayOpen(false);
    // focus goes back where it came from
    menuButtonRef.current?.focus();
  }, []);
  useEffect(() => {
    if (!narrow) setOverlayOpen(false);
  }, [narrow]);
  const [userDrawerOpen, setUserDrawerOpen] = useState(false);
  const storeMatch = useMatch('/:orgaId/store/:storeId/*');
  const currentStoreId = storeMatch?.params.storeId ?? null;
  const stores = useMemo(() => visibleStores(session.orga, session.user.id), [session.orga, session.user.id]);
  const orgaAdmin = isOrgaAdministrator(session.orga, session.user.id);
  const links = useMemo(
    () => drawerLinks({ user: session.user, orga: session.orga }, drawerStoreId(session.orga, session.user.id, currentStoreId)),
    [session.user, session.orga, currentStoreId],
  );
  const width = narrow ? 0 : drawerWidth(mini);
  // spec §4 where the salon stands (trial countdown, expiry, block), following the clock and the live organization
  const now = useNow();
  const standing = useMemo(
    () => (session.orga ? subscriptionStanding(session.orga, session.user.id, now) : null),
    [session.orga, session.user.id, now],
  );
  const inactive = standing !== null && standing.access !== 'ok';
  const notificationStoreId = drawerStoreId(session.orga, session.user.id, currentStoreId);
  const [notificationsOn, setNotificationsOn] = useState(() => readNotificationsOption(window.localStorage));
  const onNotificationsOption = (on: boolean) => {
    writeNotificationsOption(window.localStorage, on);
    setNotificationsOn(on);
  };

  // A device without a language choice of its own follows the person's saved language.
  const savedLanguage = session.user.language;
  useEffect(() => {
    if (window.localStorage.getItem(LANGUAGE_STORAGE_KEY) === null && savedLanguage && savedLanguage !== language)
      changeLanguage(savedLanguage);
  }, [savedLanguage, language, changeLanguage]);

  const toggleMini = () => {
    setMini((current) => {
      writeMiniVariant(window.localStorage, !current);
      return !current;
    });
  };

  const onLogout = () => {
    setUserDrawerOpen(false);
    void logout()
      .catch((error: unknown) => notify(SNACKBAR_TYPE.error, error instanceof Error ? error.message : String(error)))
      .finally(() => void navigate('/'));
  };

  // A signed-in language choice is also saved to the person data, so other devices follow it.
  const onLanguage = async (language: Language) => {
    await api.updateUser({ language });
  };

  return (
    <Box minH="100vh" pt={paddingTop} bg="bg.subtle">
      <LeftDrawer
        mini={mini}
        onToggle={toggleMini}
        top={paddingTop}
        links={links}
        overlay={narrow ? { open: overlayOpen, onClose: closeOverlay } : undefined}
        notice={standing?.sidebar.show ? (miniDrawer) => <SidebarTrialNotice standing={standing} mini={miniDrawer} /> : undefined}
      />
      <Box ml={`${width}px`} transition="margin-left 0.2s">
        <Flex
          as="header"
          data-testid="top-bar"
          position="sticky"
          top={paddingTop}
          zIndex={5}
          h={`${TOP_BAR_HEIGHT}px`}
          align="center"
          gap={{ base: '1', md: '3' }}
          px={{ base: '2', md: '4' }}
          bg="brand.500"
          color="white"
          boxShadow="sm"
        >
          {narrow ? (
            <IconButton
              aria-label={t('shell.openMenu')}
              aria-expanded={overlayOpen}
              aria-controls="left-drawer"
              data-testid="drawer-open"
              ref={menuButtonRef}
              variant="ghost"
              color="white"
              ml="-2"
              _hover={{ bg: 'brand.600' }}
              onClick={() => setOverlayOpen(true)}
            >
              <MenuIcon />
            </IconButton>
          ) : null}
          <Heading as="h1" size="md" flex="1" truncate>
            {session.orga?.name ?? t('common.appName')}
          </Heading>
          {session.orga ? (
            <StoreSwitcher orga={session.orga} currentStoreId={currentStoreId} stores={stores} orgaHref={`/${session.orga.id}/store`} />
          ) : null}
          {/* issue 29 search everywhere: in the store shown, else the first one the drawer offers */}
          {session.orga && notificationStoreId && !inactive ? (
            <CommandPalette key={`${session.orga.id}/${notificationStoreId}`} orgaId={session.orga.id} storeId={notificationStoreId} />
          ) : null}
          <IconButton asChild aria-label={t('shell.navHelp')} variant="ghost" color="white" _hover={{ bg: 'brand.600' }}>
            <Link to="/qa" data-testid="help-button">
              <HelpIcon />
            </Link>
          </IconButton>
          {/* R2.07 the bell only while signed in and the notifications option is on */}
          {/* an inactive organization's routes answer 402 (ADR 0030): no bell until it subscribes */}
          {notificationsOn && session.orga && notificationStoreId && !inactive ? (
            <NotificationCenter
              key={notificationStoreId}
              api={api}
              orgaId={session.orga.id}
              storeId={notificationStoreId}
              language={language}
              t={t}
              subscribe={subscribe}
              navigate={(to) => void navigate(to)}
              onError={(message) => notify(SNACKBAR_TYPE.error, message)}
            />
          ) : null}
          <IconButton
            aria-label={t('shell.userMenu')}
            data-testid="user-button"
            variant="ghost"
            color="white"
            _hover={{ bg: 'brand.600' }}
            onClick={() => setUserDrawerOpen(true)}
          >
            <PersonIcon />
          </IconButton>
        </Flex>
        {session.orga ? (
          <AdminNotificationBar key={session.orga.id} orgaId={session.orga.id} html={session.orga.admin_notification} />
        ) : null}
        {standing && !inactive ? <SubscriptionNotices key={standing.orgaId} standing={standing} /> : null}
        <Box as="main" p={{ base: '3', md: '6' }}>
          <SubscriptionGate standing={standing} onLogout={onLogout} recheck={reloadOrganization}>
            <Outlet />
          </SubscriptionGate>
        </Box>
      </Box>
      <WelcomeDialog
        user={session.user}
        owner={memberOf(session.orga, session.user.id)?.orga_rank === RANKS.owner}
        adminSettingsHref={orgaAdmin && session.orga ? `/${session.orga.id}/settings` : null}
      />
      <AutoRatingDialog user={session.user} orga={session.orga} />
      {session.orga && !inactive ? (
        <MessagePlan
          key={session.orga.id}
          orgaId={session.orga.id}
          t={t}
          navigate={(to) => void navigate(to)}
          warn={(message) => notify(SNACKBAR_TYPE.warn, message)}
        />
      ) : null}
      <UserDrawer
        open={userDrawerOpen}
        user={session.user}
        onClose={() => setUserDrawerOpen(false)}
        onLogout={onLogout}
        onLanguage={onLanguage}
        notificationsOn={notificationsOn}
        onNotificationsOption={onNotificationsOption}
      />
    </Box>
  );
}
