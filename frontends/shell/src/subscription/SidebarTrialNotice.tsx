import { Box, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { useI18n } from '../i18n/I18nProvider';
import { paymentHref, type SubscriptionStanding } from './subscription-standing';

/**
 * R4.08 the sidebar notice of tier 0: the remaining trial days as a percentage of the trial's 15 (a bar; issue 29, spec said 30), and
 * 'Your premium features have expired' at zero days or below; administrators get the way to subscribe.
 * In the mini variant only the bar stays, named by the same text.
 */
export function SidebarTrialNotice({ standing, mini }: { standing: SubscriptionStanding; mini: boolean }) {
  const { t } = useI18n();
  const notice = standing.sidebar;
  if (!notice.show) return null;
  const text = notice.expired ? t('shell.trialExpired') : t('shell.sidebarTrialDays', { days: notice.remainingDays });
  const percent = Math.round(notice.percent);
  return (
    <Stack
      data-testid="sidebar-trial-notice"
      data-expired={notice.expired ? 'true' : 'false'}
      gap="1.5"
      mx="2"
      mt="3"
      px={mini ? '1' : '3'}
      py="2"
      borderRadius="md"
      bg="brand.900"
    >
      {mini ? null : (
        <Text fontSize="xs" fontWeight="semibold">
          {text}
        </Text>
      )}
      <Box
        role="progressbar"
        aria-label={text}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-testid="sidebar-trial-progress"
        h="1.5"
        borderRadius="full"
        bg="whiteAlpha.300"
        overflow="hidden"
      >
        <Box h="full" w={`${percent}%`} bg={notice.expired ? 'red.300' : 'yellow.300'} />
      </Box>
      {mini || !standing.admin ? null : (
        <Link to={paymentHref(standing.orgaId)} data-testid="sidebar-trial-subscribe">
          <Text fontSize="xs" textDecoration="underline">
            {t('shell.subscribeNow')}
          </Text>
        </Link>
      )}
    </Stack>
  );
}
