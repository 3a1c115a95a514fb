import { Badge, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useApiQuery, type Language } from '@pawline/api-client';
import type { ClientsContext } from '../shared/clients-context';

const STATE_PALETTE = { accepted: 'green', outdated: 'orange', missing: 'red' } as const;

function when(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/**
 * Issue 31 (ADR 0066) the store agreement on the customer's page: accepted, an older version only, or missing, and
 * every acceptance kept (version, the name typed, when, from which address, how). Nothing while the store has no
 * agreement, or when it cannot be read: the page's work goes on without it.
 */
export function AgreementCard({
  ctx,
  orgaId,
  storeId,
  customerId,
}: {
  ctx: ClientsContext;
  orgaId: string;
  storeId: string;
  customerId: string;
}) {
  const { t, bridge } = ctx;
  const agreement = useApiQuery('getCustomerAgreement', { params: { orga: orgaId, store: storeId, customer: customerId } });
  const value = agreement.data;
  if (!value || value.state === 'none') return null;
  return (
    <Card.Root as="section" aria-labelledby="agreement-heading" data-testid="customer-agreement">
      <Card.Header>
        <Heading size="md" as="h2" id="agreement-heading">
          {t('clients.agreementTitle')}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="2">
          <Badge alignSelf="start" colorPalette={STATE_PALETTE[value.state]} data-testid="agreement-state">
            {t(`clients.agreement_${value.state}`, { version: value.current_version ?? 0 })}
          </Badge>
          {value.acceptances.map((acceptance) => (
            <Text key={`${acceptance.version}-${acceptance.accepted_at}`} fontSize="sm" data-testid="agreement-acceptance">
              {t(acceptance.via === 'link' ? 'clients.agreementAcceptedByLink' : 'clients.agreementAcceptedOnline', {
                version: acceptance.version,
                name: acceptance.name,
                when: when(acceptance.accepted_at, bridge.language),
                address: acceptance.ip_address ?? '—',
              })}
            </Text>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
