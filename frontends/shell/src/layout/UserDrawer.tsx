import { Box, Button, CloseButton, Heading, Separator, Stack, Text } from '@chakra-ui/react';
import type { PersonUser } from '@pawline/api-client';
import { Link } from 'react-router';
import { useI18n } from '../i18n/I18nProvider';
import { LanguageSwitch } from './LanguageSwitch';

export type UserDrawerProps = {
  open: boolean;
  user: PersonUser;
  onClose: () => void;
  onLogout: () => void;
  onLanguage: (language: PersonUser['language']) => Promise<void>;
  /** R2.07 the notifications option of this device (absent: no switch) */
  notificationsOn?: boolean;
  onNotificationsOption?: (on: boolean) => void;
};

/** R2.09: user link, language switch and logout. */
export function UserDrawer({ open, user, onClose, onLogout, onLanguage, notificationsOn, onNotificationsOption }: UserDrawerProps) {
  const { t } = useI18n();
  if (!open) return null;
  return (
    <>
      <Box position="fixed" inset="0" bg="blackAlpha.400" zIndex={1400} onClick={onClose} data-testid="user-drawer-backdrop" />
      <Box
        role="dialog"
        aria-modal="true"
        aria-label={t('shell.userMenu')}
        data-testid="user-drawer"
        position="fixed"
        top="0"
        right="0"
        bottom="0"
        width="300px"
        maxW="100vw"
        bg="bg"
        boxShadow="xl"
        zIndex={1401}
        p="4"
      >
        <Stack gap="4">
          <Box display="flex" alignItems="flex-start" justifyContent="space-between">
            <Box>
              <Heading size="md">
                {user.first_name} {user.last_name}
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                {user.email}
              </Text>
            </Box>
            <CloseButton aria-label={t('common.close')} onClick={onClose} />
          </Box>
          <Separator />
          <Button asChild variant="outline" justifyContent="flex-start">
            <Link to="/user" onClick={onClose} data-testid="user-link">
              {t('shell.userLink')}
            </Link>
          </Button>
          <Box>
            <Text fontSize="sm" mb="1">
              {t('shell.languageSwitch')}
            </Text>
            <LanguageSwitch onBeforeChange={onLanguage} />
          </Box>
          {onNotificationsOption ? (
            <label style={{ display: 'flex', alignItems: 'center', gap: '8px', fontSize: '14px' }}>
              <input
                type="checkbox"
                data-testid="notifications-option"
                checked={notificationsOn ?? true}
                onChange={(event) => onNotificationsOption(event.currentTarget.checked)}
              />
              {t('shell.notificationsOption')}
            </label>
          ) : null}
          <Separator />
          <Button colorPalette="red" variant="outline" data-testid="logout" onClick={onLogout}>
            {t('shell.logout')}
          </Button>
        </Stack>
      </Box>
    </>
  );
}
