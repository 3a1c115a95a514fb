import { Button, Card, Heading, HStack, Text } from '@chakra-ui/react';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useI18n } from '../i18n/I18nProvider';
import { paymentHref, planHref, reachableWhileBlocked, type SubscriptionStanding } from './subscription-standing';

// A subscription paid on this device reaches the other devices live, but this device's own events
// are not delivered back to it (R4.16): while the block shows, it reads the organization again.
export const BLOCK_RECHECK_MS = 15_000;

/**
 * R4.09 R6.07 R1.24 an organization whose trial expired (or whose Premium lapsed) cannot be used
 * until it subscribes: administrators are led to /{orgaId}/payment (and the plan page);
 * employees are told to ask their shop administrator. Logging out stays possible here and in the
 * user drawer. The server refuses the same requests with 402 subscription_inactive (ADR 0030).
 */
export function SubscriptionBlock({
  standing,
  onLogout,
  recheck,
}: {
  standing: SubscriptionStanding;
  onLogout: () => void;
  /** reads the organization again (the block lifts once it is paid) */
  recheck: () => Promise<void>;
}) {
  const { t } = useI18n();
  useEffect(() => {
    void recheck().catch(() => undefined);
    const timer = window.setInterval(() => void recheck().catch(() => undefined), BLOCK_RECHECK_MS);
    return () => window.clearInterval(timer);
  }, [recheck]);
  const admin = standing.access === 'subscribe';
  const title = standing.state === 'premium_expired' ? t('shell.subscriptionExpired') : t('shell.trialBlockedTitle');
  return (
    <Card.Root data-testid="subscription-block" data-access={standing.access} maxW="xl" mx="auto" mt={{ base: '4', md: '12' }}>
      <Card.Body gap="4">
        <Heading as="h2" size="lg">
          {title}
        </Heading>
        <Text fontWeight="semibold">{t('shell.trialExpired')}</Text>
        <Text data-testid="subscription-block-text">{admin ? t('shell.trialBlockedText') : t('shell.trialBlockedEmployee')}</Text>
        <HStack gap="3" wrap="wrap">
          {admin ? (
            <>
              <Button asChild colorPalette="brand" data-testid="subscription-block-subscribe">
                <Link to={paymentHref(standing.orgaId)}>{t('shell.subscribeNow')}</Link>
              </Button>
              <Button asChild variant="outline" colorPalette="brand" data-testid="subscription-block-plan">
                <Link to={planHref(standing.orgaId)}>{t('shell.msgOutUpdatePlan')}</Link>
              </Button>
            </>
          ) : null}
          <Button variant="ghost" data-testid="subscription-block-logout" onClick={onLogout}>
            {t('shell.logout')}
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The frame's main area: the page, or the block while the organization is inactive and the page is
 * not one that stays reachable (Subscribe and Update plan for administrators, help for everyone).
 */
export function SubscriptionGate({
  standing,
  onLogout,
  recheck,
  children,
}: {
  standing: SubscriptionStanding | null;
  onLogout: () => void;
  recheck: () => Promise<void>;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  if (!standing || reachableWhileBlocked(pathname, standing.orgaId, standing.access)) return <>{children}</>;
  return <SubscriptionBlock standing={standing} onLogout={onLogout} recheck={recheck} />;
}
