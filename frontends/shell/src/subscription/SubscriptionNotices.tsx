import { Box, Button, CloseButton, Flex, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../i18n/I18nProvider';
import { paymentHref, type SubscriptionStanding } from './subscription-standing';

/**
 * R4.08 R2.12 the free-trial countdown banner (1 to 6 days left) and the subscription-extension
 * warning (the rest of the 14-day window, R4.09's expiry state 1), under the top bar. Both follow
 * the organization the frame holds: a subscription that reaches this client live (the realtime
 * `subscription` message refetches it, R4.21) lifts the tier above 0 and closes them.
 * Administrators get the way to subscribe (/{orgaId}/payment).
 */
export function SubscriptionNotices({ standing }: { standing: SubscriptionStanding }) {
  const { t } = useI18n();
  // closed for this page's life; it opens again on the next visit while the days still count down
  const [bannerClosed, setBannerClosed] = useState(false);
  const { notices, admin, orgaId } = standing;
  if (notices.trialBanner && !bannerClosed) {
    const days = notices.remainingDays;
    return (
      <Flex
        data-testid="trial-banner"
        data-days={days}
        role="status"
        align="center"
        wrap="wrap"
        gap="3"
        px="4"
        py="2"
        bg="yellow.100"
        color="yellow.950"
        borderBottomWidth="1px"
        borderColor="yellow.300"
      >
        <Text flex="1" fontWeight="semibold">
          {days === 1 ? t('shell.trialBannerOne') : t('shell.trialBannerMany', { days })}
        </Text>
        {admin ? (
          <Button asChild size="sm" colorPalette="brand" data-testid="trial-banner-subscribe">
            <Link to={paymentHref(orgaId)}>{t('shell.subscribeNow')}</Link>
          </Button>
        ) : null}
        <CloseButton size="sm" aria-label={t('common.close')} data-testid="trial-banner-close" onClick={() => setBannerClosed(true)} />
      </Flex>
    );
  }
  if (!notices.extensionWarning) return null;
  return (
    <Flex
      data-testid="extension-warning"
      data-days={notices.remainingDays}
      role="status"
      align="center"
      wrap="wrap"
      gap="3"
      px="4"
      py="2"
      bg="orange.50"
      color="orange.900"
      borderBottomWidth="1px"
      borderColor="orange.200"
    >
      <Box flex="1">
        <Text>{t('shell.subscriptionExpiringSoon', { days: notices.remainingDays })}</Text>
      </Box>
      {admin ? (
        <Button asChild size="xs" variant="outline" colorPalette="orange" data-testid="extension-warning-extend">
          <Link to={paymentHref(orgaId)}>{t('shell.extendSubscription')}</Link>
        </Button>
      ) : null}
    </Flex>
  );
}
