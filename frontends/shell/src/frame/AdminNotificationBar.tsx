import { Box, CloseButton, Flex } from '@chakra-ui/react';
import { sanitizeNotificationHtml } from '@pawline/ui';
import { useMemo, useState } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import { dismissNotification, isNotificationDismissed } from './frame-memory';

/** R2.12 the administrator notification bar: the organization's admin_notification, through a strict allow-list. */
export function AdminNotificationBar({ orgaId, html }: { orgaId: string; html: string | null | undefined }) {
  const { t } = useI18n();
  const clean = useMemo(() => (html ? sanitizeNotificationHtml(html) : ''), [html]);
  // the text dismissed here; a new text shows again
  const [dismissedText, setDismissedText] = useState<string | null>(null);
  if (!html || !clean.trim() || dismissedText === html || isNotificationDismissed(window.localStorage, orgaId, html)) return null;
  return (
    <Flex
      data-testid="admin-notification"
      role="status"
      align="flex-start"
      gap="3"
      px="4"
      py="2"
      bg="orange.100"
      color="orange.900"
      borderBottomWidth="1px"
      borderColor="orange.300"
    >
      <Box flex="1" css={{ '& a': { textDecoration: 'underline' }, '& p': { margin: 0 } }} dangerouslySetInnerHTML={{ __html: clean }} />
      <CloseButton
        size="sm"
        aria-label={t('shell.adminNotificationDismiss')}
        onClick={() => {
          dismissNotification(window.localStorage, orgaId, html);
          setDismissedText(html);
        }}
      />
    </Flex>
  );
}
