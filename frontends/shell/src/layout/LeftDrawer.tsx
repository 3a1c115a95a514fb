import { Box, IconButton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useI18n } from '../i18n/I18nProvider';
import { drawerWidth } from './mini-variant';
import { HelpIcon, MenuIcon, MenuOpenIcon, PawIcon, PersonIcon, SettingsIcon, StoreIcon, TeamIcon } from './icons';

export type NavItem = { id: string; to: string; label: string; icon: ReactNode };

type LeftDrawerProps = {
  mini: boolean;
  onToggle: () => void;
  storeHref: string | null;
  top: string;
  /** R6.06: organization administrators reach the settings from the store menu */
  adminOrgaId?: string | null;
};

export function LeftDrawer({ mini, onToggle, storeHref, top, adminOrgaId = null }: LeftDrawerProps) {
  const { t } = useI18n();
  const adminItems: NavItem[] = adminOrgaId
    ? [
        { id: 'stores', to: `/${adminOrgaId}/store`, label: t('shell.navStores'), icon: <StoreIcon /> },
        { id: 'team', to: `/${adminOrgaId}/settings/users`, label: t('shell.team'), icon: <TeamIcon /> },
        { id: 'settings', to: `/${adminOrgaId}/settings`, label: t('shell.navSettings'), icon: <SettingsIcon /> },
      ]
    : [];
  const items: NavItem[] = [
    ...(storeHref
      ? [
          { id: 'store', to: storeHref, label: t('shell.navStore'), icon: <StoreIcon /> },
          { id: 'customers', to: `${storeHref}/customers`, label: t('clients.customers'), icon: <TeamIcon /> },
          { id: 'pets', to: `${storeHref}/pet`, label: t('clients.pets'), icon: <PawIcon /> },
          { id: 'recurring', to: `${storeHref}/recurring`, label: t('calendar.recurringTitle'), icon: <StoreIcon /> },
        ]
      : []),
    ...adminItems,
    { id: 'user', to: '/user', label: t('shell.navUser'), icon: <PersonIcon /> },
    { id: 'help', to: '/qa', label: t('shell.navHelp'), icon: <HelpIcon /> },
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
              </Box>
            )}
          </NavLink>
        ))}
      </Stack>
    </Box>
  );
}
