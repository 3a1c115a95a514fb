import { Badge, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { planOfTier } from '@pawline/domain';
import { Link } from 'react-router';
import { useI18n } from '../i18n/I18nProvider';
import type { PremiumPageFeature } from './premium-pages';
import { planHref } from './subscription-standing';

/**
 * A premium page the organization's plan lacks (say Booking on Standard): what the feature does, and for an
 * organization administrator a way to upgrade on the plan page; an employee is told to ask them (R1.24).
 */
export function PremiumFeaturePage({
  feature,
  orgaId,
  tier,
  admin,
}: {
  feature: PremiumPageFeature;
  orgaId: string;
  /** the organization's tier: its plan's name */
  tier: number;
  admin: boolean;
}) {
  const { t } = useI18n();
  const planId = planOfTier(tier).id;
  return (
    <Card.Root data-testid="premium-feature-page" data-feature={feature} maxW="2xl" mx="auto" mt={{ base: '4', md: '10' }}>
      <Card.Body>
        <Stack gap="4">
          <HStack gap="3" wrap="wrap">
            <Heading as="h2" size="lg">
              {t(`shell.premiumFeatureName_${feature}`)}
            </Heading>
            <Badge colorPalette="yellow">{t('shell.premiumBadge')}</Badge>
          </HStack>
          <Text data-testid="premium-feature-text">{t(`shell.premiumFeatureText_${feature}`)}</Text>
          <Text color="fg.muted" data-testid="premium-feature-plan">
            {t('shell.premiumFeatureNotInPlan', { plan: t(`shell.planName_${planId}`) })}
          </Text>
          {admin ? (
            <HStack>
              <Button asChild colorPalette="brand" data-testid="premium-feature-upgrade">
                <Link to={planHref(orgaId)}>{t('shell.premiumFeatureUpgrade')}</Link>
              </Button>
            </HStack>
          ) : (
            <Text data-testid="premium-feature-ask">{t('shell.premiumFeatureAskAdmin')}</Text>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
