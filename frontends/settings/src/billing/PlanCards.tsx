import { Badge, Button, Card, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { Translate } from '../i18n/translator';
import type { BillingPlan } from './billing-api';
import { euros, salonPlanCost } from './billing-form';

function quotaText(value: number | null, t: Translate): string {
  return value === null ? t('settings.planUnlimited') : String(value);
}

/**
 * R1.19, R1.20, R9.02 the plans to choose from: price a month plus VAT (integer cents), what each includes, and
 * what it costs this salon with the stores it has (€10.00 a month for each store beyond the plan's).
 */
export function PlanCards({
  plans,
  selected,
  currentId,
  storeCount,
  onSelect,
  t,
}: {
  plans: readonly BillingPlan[];
  selected: BillingPlan['id'] | null;
  currentId?: BillingPlan['id'];
  /** the stores the salon has */
  storeCount: number;
  onSelect: (plan: BillingPlan) => void;
  t: Translate;
}) {
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" data-testid="plan-cards">
      {plans.map((plan) => {
        const chosen = plan.id === selected;
        const current = plan.id === currentId;
        const cost = salonPlanCost(plan, storeCount);
        return (
          <Card.Root
            key={plan.id}
            variant="outline"
            borderColor={chosen ? 'brand.solid' : undefined}
            borderWidth={chosen ? '2px' : undefined}
            data-testid={`plan-${plan.id}`}
            aria-current={current ? 'true' : undefined}
          >
            <Card.Header>
              <Stack gap="1">
                <Card.Title>
                  {t(`settings.plan_${plan.id}`)} {current ? <Badge colorPalette="green">{t('settings.planCurrent')}</Badge> : null}
                </Card.Title>
                <Text fontSize="xl" fontWeight="bold" data-testid="plan-price">
                  {t('settings.planPrice', { amount: euros(plan.monthly_cents ?? 0) })}
                </Text>
                <Text fontSize="sm" color="fg.muted" data-testid="plan-salon-cost">
                  {cost.extra > 0
                    ? t('settings.planSalonCostExtra', { stores: storeCount, extra: cost.extra, amount: euros(cost.monthlyCents) })
                    : t('settings.planSalonCost', { stores: storeCount, amount: euros(cost.monthlyCents) })}
                </Text>
              </Stack>
            </Card.Header>
            <Card.Body>
              <Stack as="ul" gap="1" fontSize="sm" listStyleType="disc" ps="4">
                <li>{t('settings.planUsers', { count: quotaText(plan.quotas.users, t) })}</li>
                <li>{t('settings.planStores', { count: quotaText(plan.quotas.stores, t) })}</li>
                <li data-testid="plan-extra-store-price">{t('settings.planExtraStorePrice', { amount: euros(cost.extraCents) })}</li>
                <li>{t('settings.planReminders', { count: plan.quotas.monthly_reminders })}</li>
                {plan.features.map((feature) => (
                  <li key={feature}>{t(`settings.feature_${feature}`)}</li>
                ))}
              </Stack>
            </Card.Body>
            <Card.Footer>
              <Button
                w="full"
                variant={chosen ? 'solid' : 'outline'}
                colorPalette="brand"
                disabled={current}
                aria-pressed={chosen}
                data-testid={`choose-${plan.id}`}
                onClick={() => onSelect(plan)}
              >
                {current ? t('settings.planCurrent') : chosen ? t('settings.planChosen') : t('settings.planChoose')}
              </Button>
            </Card.Footer>
          </Card.Root>
        );
      })}
    </SimpleGrid>
  );
}
