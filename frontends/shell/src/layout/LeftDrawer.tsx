import { Badge, Box, IconButton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { keyOrText } from '@pawline/i18n';
import { NavLink } from 'react-router';
import { useI18n } from '../i18n/I18nProvider';
import type { DrawerIcon, DrawerLink } from '../remotes/remote-manifest';
import { drawerWidth } from './mini-variant';
import { ChatIcon, HelpIcon, MenuIcon, MenuOpenIcon, PawIcon, PersonIcon, SettingsIcon, StoreIcon, TeamIcon } from './icons';

export type NavItem = { id: string; to: string; label: string; icon: ReactNode; premium: boolean };

const ICONS: Record<DrawerIcon, () => ReactNode> = {
  store: () => <StoreIcon />,
  team: () => <TeamIcon />,
  paw: () => <PawIcon />,
  settings: () => <SettingsIcon />,
  person: () => <PersonIcon />,
  help: () => <HelpIcon />,
  chat: () => <ChatIcon />,
};

/** On a narrow screen the drawer lies over the page while open (issue 16) instead of beside it. */
export type DrawerOverlay = { open: boolean; onClose: () => void };

type LeftDrawerProps = {
  mini: boolean;
  onToggle: () => void;
  top: string;
  /** the remotes' entries (src/remotes/remotes.manifest.json) this person sees, in order */
  links: DrawerLink[];
  /** set on narrow screens: an overlay closed by an entry, the backdrop or Escape; no mini variant */
  overlay?: DrawerOverlay;
  /** R4.08 the sidebar notice of the free trial, under the entries (given the drawer's mini state) */
  notice?: (mini: boolean) => ReactNode;
};

export const OVERLAY_DRAWER_WIDTH = 280;

export function LeftDrawer({ mini: miniChoice, onToggle, top, links, overlay, notice }: LeftDrawerProps) {
  const { t } = useI18n();
  const navRef = useRef<HTMLElement>(null);
  const overlayOpen = overlay?.open ?? false;
  const onClose = overlay?.onClose;
  // R2.06's mini variant is for wide screens; the overlay always shows the texts
  const mini = overlay ? false : miniChoice;
  useEffect(() => {
    if (!overlayOpen || !onClose) return undefined;
    // focus moves into the opened drawer; Escape closes it
    navRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      if (event.key !== 'Tab' || !navRef.current) return;
      // Tab stays in the open drawer: the page behind the backdrop is not reachable
      const focusable = Array.from(navRef.current.querySelectorAll<HTMLElement>('a, button'));
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [overlayOpen, onClose]);
  if (overlay && !overlay.open) return null;
  const items: NavItem[] = [
    ...links.map((link) => ({
      id: link.id,
      to: link.to,
      label: keyOrText(t, link.label),
      icon: ICONS[link.icon](),
      premium: link.premium,
    })),
    // help is the shell's own page, always last
    { id: 'help', to: '/qa', label: t('shell.navHelp'), icon: <HelpIcon />, premium: false },
  ];
  return (
    <>
      {overlay ? (
        <Box position="fixed" inset="0" bg="blackAlpha.600" zIndex={1300} onClick={overlay.onClose} data-testid="left-drawer-backdrop" />
      ) : null}
      <Box
        as="nav"
        ref={navRef}
        id="left-drawer"
        aria-label={t('shell.navLabel')}
        data-testid="left-drawer"
        data-mini={mini ? 'true' : 'false'}
        data-overlay={overlay ? 'true' : 'false'}
        position="fixed"
        left="0"
        top={top}
        bottom="0"
        width={`${overlay ? OVERLAY_DRAWER_WIDTH : drawerWidth(mini)}px`}
        maxW="85vw"
        bg="brand.800"
        color="white"
        transition="width 0.2s"
        overflowX="hidden"
        overflowY="auto"
        boxShadow={overlay ? 'xl' : undefined}
        zIndex={overlay ? 1301 : 10}
      >
        <Stack gap="1" py="2">
          <Box px="3" pb="2" display="flex" alignItems="center" gap="2" justifyContent={mini ? 'center' : 'space-between'}>
            {mini ? null : (
              <Box display="flex" alignItems="center" gap="2" pl="2" fontWeight="semibold">
                <PawIcon />
                <Text>{t('common.appName')}</Text>
              </Box>
            )}
            {overlay ? (
              <IconButton
                aria-label={t('shell.closeMenu')}
                data-testid="drawer-close"
                variant="ghost"
                color="white"
                _hover={{ bg: 'brand.700' }}
                onClick={overlay.onClose}
              >
                <MenuOpenIcon />
              </IconButton>
            ) : (
              <IconButton
                aria-label={mini ? t('shell.expandDrawer') : t('shell.collapseDrawer')}
                data-testid="mini-toggle"
                variant="ghost"
                color="white"
                _hover={{ bg: 'brand.700' }}
                onClick={onToggle}
              >
                {mini ? <MenuIcon /> : <MenuOpenIcon />}
              </IconButton>
            )}
          </Box>
          {items.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end
              title={mini ? item.label : undefined}
              // the visible text names the entry (its premium mark included); the mini variant has only
              // the icon, so there the label alone names it (axe: label-content-name-mismatch)
              aria-label={mini ? item.label : undefined}
              data-testid={`nav-${item.id}`}
              onClick={onClose}
            >
              {({ isActive }) => (
                <Box
                  display="flex"
                  alignItems="center"
                  gap="4"
                  mx="2"
                  px={mini ? '0' : '3'}
                  py="2.5"
                  borderRadius="md"
                  justifyContent={mini ? 'center' : 'flex-start'}
                  bg={isActive ? 'brand.600' : 'transparent'}
                  _hover={{ bg: 'brand.700' }}
                >
                  {item.icon}
                  {mini ? null : <Text fontSize="sm">{item.label}</Text>}
                  {mini || !item.premium ? null : (
                    <Badge size="xs" colorPalette="yellow" data-testid={`nav-${item.id}-premium`}>
                      {t('shell.premiumBadge')}
                    </Badge>
                  )}
                </Box>
              )}
            </NavLink>
          ))}
          {notice ? notice(mini) : null}
        </Stack>
      </Box>
    </>
  );
}
