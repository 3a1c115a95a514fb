import { Badge, Box, IconButton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
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

type LeftDrawerProps = {
  mini: boolean;
  onToggle: () => void;
  top: string;
  /** the remotes' entries (src/remotes/remotes.manifest.json) this person sees, in order */
  links: DrawerLink[];
};

export function LeftDrawer({ mini, onToggle, top, links }: LeftDrawerProps) {
  const { t } = useI18n();
  const items: NavItem[] = [
    ...links.map((link) => ({ id: link.id, to: link.to, label: t(link.label), icon: ICONS[link.icon](), premium: link.premium })),
    // help is the shell's own page, always last
    { id: 'help', to: '/qa', label: t('shell.navHelp'), icon: <HelpIcon />, premium: false },
  ];
  return (
    <Box
      as="nav"
      aria-label={t('shell.navLabel')}
      data-testid="left-drawer"
      data-mini={mini ? 'true' : 'false'}
      position="fixed"
      left="0"
      top={top}
      bottom="0"
      width={`${drawerWidth(mini)}px`}
      bg="brand.800"
      color="white"
      transition="width 0.2s"
      overflowX="hidden"
      zIndex={10}
    >
      <Stack gap="1" py="2">
        <Box px="3" pb="2" display="flex" alignItems="center" gap="2" justifyContent={mini ? 'center' : 'space-between'}>
          {mini ? null : (
            <Box display="flex" alignItems="center" gap="2" pl="2" fontWeight="semibold">
              <PawIcon />
              <Text>{t('common.appName')}</Text>
            </Box>
          )}
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
        </Box>
        {items.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            end
            title={mini ? item.label : undefined}
            aria-label={item.label}
            data-testid={`nav-${item.id}`}
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
      </Stack>
    </Box>
  );
}
