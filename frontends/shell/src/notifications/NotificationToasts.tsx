import { Box, CloseButton, Stack, Text } from '@chakra-ui/react';
import { SNACKBAR_SPACING_PX } from '@pawline/domain';
import type { Translate } from '../i18n/translator';
import type { NotificationToast } from './useNotifications';

/** R4.05 new notifications on screen for 5 seconds (top right, apart from the snackbars), then only in the list. */
export function NotificationToasts({
  toasts,
  t,
  onDismiss,
}: {
  toasts: NotificationToast[];
  t: Translate;
  onDismiss: (key: string) => void;
}) {
  if (toasts.length === 0) return null;
  return (
    <Stack position="fixed" top="64px" right="16px" zIndex={2000} gap="0" data-testid="notification-toasts">
      {toasts.map((toast) => (
        <Box
          key={toast.key}
          role="status"
          data-testid="notification-toast"
          minH={`${SNACKBAR_SPACING_PX - 8}px`}
          mb="8px"
          maxW="360px"
          px="4"
          py="2"
          display="flex"
          gap="2"
          alignItems="flex-start"
          bg="gray.800"
          color="white"
          borderRadius="md"
          boxShadow="lg"
        >
          <Box flex="1">
            <Text fontWeight="bold" fontSize="sm">
              {toast.title}
            </Text>
            <Text fontSize="sm">{toast.text}</Text>
          </Box>
          <CloseButton size="sm" color="inherit" aria-label={t('common.close')} onClick={() => onDismiss(toast.key)} />
        </Box>
      ))}
    </Stack>
  );
}
