import { Badge, Box, Button, Card, DataList, Heading, HStack, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { Organization, Store } from '@pawline/api-client';
import { remainingDays, subscriptionEnd } from '@pawline/domain';
import { ErrorPage } from '@pawline/ui';
import { Link, Navigate, useParams } from 'react-router';
import { visibleStores } from '../access/orga-access';
import { useI18n } from '../i18n/I18nProvider';
import { useSession } from '../session/SessionProvider';
import { useErrorTexts } from './useErrorTexts';

function addressOf(place: Pick<Store, 'address' | 'zip_code' | 'city' | 'country'>): string {
  return [place.address, [place.zip_code, place.city].filter(Boolean).join(' '), place.country].filter((part) => part && part.trim()).join(', ');
}

/** /{orgaId}/store/{storeId}: the store home with the store's and organization's details. */
export function StoreHomePage() {
  const { t, language } = useI18n();
  const { state } = useSession();
  const errorTexts = useErrorTexts();
  const { orgaId, storeId } = useParams();
  if (state.status !== 'signed-in') return null;
  // spec §6 / R6.05: a user of another organization is sent home.
  if (state.user.orga_id !== orgaId) return <Navigate to="/" replace />;
  const orga: Organization | null = state.orga;
  const store = orga?.stores.find((candidate) => candidate.id === storeId);
  if (!orga || !store) return <ErrorPage status={404} texts={errorTexts} />;
  const reachable = visibleStores(orga, state.user.id);
  // R6.04 R6.05: a store this user does not reach sends them home
  if (!reachable.some((candidate) => candidate.id === store.id)) return <Navigate to="/" replace />;
  const created = new Date(orga.created_at);
  const dash = '—';
  // R4.09: remaining trial days are the ceiling of the days left
  const trialDays = orga.tier === 0 ? remainingDays(subscriptionEnd({ ...orga, subscribed_until: orga.subscribed_until ?? null }), Date.now()) : null;

  return (
    <Stack gap="6" maxW="5xl" data-testid="store-home">
      <Box>
        <Text color="fg.muted" fontSize="sm">
          {orga.name}
        </Text>
        <Heading as="h2" size="2xl" data-testid="store-name">
          {store.name}
        </Heading>
      </Box>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Card.Root>
          <Card.Header>
            <Heading size="md">{t('shell.storeDetails')}</Heading>
          </Card.Header>
          <Card.Body>
            <DataList.Root orientation="horizontal">
              <DataList.Item>
                <DataList.ItemLabel>{t('shell.storeName')}</DataList.ItemLabel>
                <DataList.ItemValue>{store.name}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('settings.address')}</DataList.ItemLabel>
                <DataList.ItemValue>{addressOf(store) || dash}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('settings.phone')}</DataList.ItemLabel>
                <DataList.ItemValue>{store.phone || dash}</DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
          </Card.Body>
        </Card.Root>
        <Card.Root>
          <Card.Header>
            <HStack justify="space-between">
              <Heading size="md">{t('shell.organization')}</Heading>
              <Badge colorPalette={orga.tier === 0 ? 'orange' : 'green'} data-testid="orga-tier">
                {orga.tier === 0 ? t('common.planFreeTrial') : t('shell.planPaid')}
              </Badge>
            </HStack>
          </Card.Header>
          <Card.Body>
            <DataList.Root orientation="horizontal">
              <DataList.Item>
                <DataList.ItemLabel>{t('shell.storeName')}</DataList.ItemLabel>
                <DataList.ItemValue>{orga.name}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('settings.address')}</DataList.ItemLabel>
                <DataList.ItemValue>{addressOf(orga) || dash}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('shell.organizationSince')}</DataList.ItemLabel>
                <DataList.ItemValue>
                  {Number.isNaN(created.getTime()) ? dash : created.toLocaleDateString(language, { dateStyle: 'long' })}
                </DataList.ItemValue>
              </DataList.Item>
              {trialDays !== null ? (
                <DataList.Item>
                  <DataList.ItemLabel>{t('common.planFreeTrial')}</DataList.ItemLabel>
                  <DataList.ItemValue data-testid="trial-days">
                    {trialDays > 0 ? t('shell.sidebarTrialDays', { days: trialDays }) : t('shell.trialExpired')}
                  </DataList.ItemValue>
                </DataList.Item>
              ) : null}
              <DataList.Item>
                <DataList.ItemLabel>{t('shell.team')}</DataList.ItemLabel>
                <DataList.ItemValue>{t('shell.teamCount', { count: orga.users.length })}</DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
      {reachable.length > 1 ? (
        <Card.Root>
          <Card.Header>
            <Heading size="md">{t('shell.otherStores')}</Heading>
          </Card.Header>
          <Card.Body>
            <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
              {reachable
                .filter((other) => other.id !== store.id)
                .map((other) => (
                  <li key={other.id}>
                    <ChakraLink asChild color="brand.fg">
                      <Link to={`/${orga.id}/store/${other.id}`}>{other.name}</Link>
                    </ChakraLink>
                  </li>
                ))}
            </Stack>
          </Card.Body>
        </Card.Root>
      ) : null}
      <HStack gap="3">
        <Button asChild colorPalette="brand" variant="outline">
          <Link to="/user">{t('shell.userLink')}</Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to="/qa">{t('shell.navHelp')}</Link>
        </Button>
      </HStack>
    </Stack>
  );
}
