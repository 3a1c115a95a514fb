import { Badge, Box, Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useApiQuery } from '@pawline/api-client';
import type { WhatsappRegistration } from '../api/messages-api';
import type { MessagesContext } from '../shared/messages-context';
import { reviewReasonText } from '../whatsapp/whatsapp-texts';

// WhatsApp's reviews that keep a template from being sent; an own one is corrected and submitted again as a new version
export const HELD_BACK: ReadonlySet<string> = new Set(['rejected', 'refused', 'paused', 'disabled']);
const META_PALETTE: Record<string, string> = {
  approved: 'green',
  pending: 'yellow',
  rejected: 'red',
  refused: 'red',
  paused: 'orange',
  disabled: 'red',
};

type Review = Pick<WhatsappRegistration, 'status' | 'reason' | 'reason_detail' | 'version'>;

/** Issue 27 how WhatsApp has the template in the salon's account: its review, Meta's reason in the user's words, the version. */
export function MetaReview({ t, review }: { t: MessagesContext['t']; review: Review | null }) {
  if (review === null)
    return (
      <Box data-testid="template-meta">
        <Badge size="sm" data-testid="template-meta-status" data-status="none">
          {t('messages.metaStatus_none')}
        </Badge>
      </Box>
    );
  const reason = reviewReasonText(t, review);
  return (
    <Stack gap="1" data-testid="template-meta">
      <HStack gap="2">
        <Badge
          size="sm"
          colorPalette={META_PALETTE[review.status] ?? 'gray'}
          data-testid="template-meta-status"
          data-status={review.status}
        >
          {t(`messages.metaStatus_${review.status}`)}
        </Badge>
        <Text fontSize="xs" color="fg.muted">
          {t('messages.templateVersion', { version: review.version })}
        </Text>
      </HStack>
      {reason ? (
        <Text fontSize="sm" color="red.700" data-testid="template-meta-reason">
          {reason}
        </Text>
      ) : null}
      {review.reason_detail && HELD_BACK.has(review.status) ? (
        <Text fontSize="xs" color="fg.muted" data-testid="template-meta-detail">
          {t('messages.metaDetail', { detail: review.reason_detail })}
        </Text>
      ) : null}
      {HELD_BACK.has(review.status) || review.status === 'pending' ? (
        <Text fontSize="xs" color="fg.muted">
          {t('messages.metaNotSent')}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The newest registration of each booking message per language (they are not message templates of their own). */
export function bookingRegistrations(registrations: readonly WhatsappRegistration[]): WhatsappRegistration[] {
  const newest = new Map<string, WhatsappRegistration>();
  for (const r of registrations) {
    if (r.source !== 'booking' || r.booking_kind === null) continue;
    const key = `${r.booking_kind}|${r.language}`;
    const before = newest.get(key);
    if (!before || r.version > before.version) newest.set(key, r);
  }
  return [...newest.values()].sort((a, b) => `${a.booking_kind}|${a.language}`.localeCompare(`${b.booking_kind}|${b.language}`));
}

/** Issue 27 the booking messages' reviews at WhatsApp (shown once the salon's number has any). */
export function BookingMessages({ ctx }: { ctx: MessagesContext }) {
  const { t, orgaId } = ctx;
  const registrations = useApiQuery('listWhatsappTemplates', { params: { orga: orgaId } });
  const shown = bookingRegistrations(registrations.data?.v ?? []);
  if (shown.length === 0) return null;
  return (
    <Box data-testid="booking-messages">
      <Heading as="h3" size="md" mb="1">
        {t('messages.bookingMessagesTitle')}
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="2">
        {t('messages.bookingMessagesText')}
      </Text>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="3">
        {shown.map((r) => (
          <Card.Root key={r.id} size="sm" data-testid="booking-message">
            <Card.Body gap="2">
              <HStack justify="space-between">
                <Text fontWeight="semibold">{r.booking_kind ? t(`messages.bookingKind_${r.booking_kind}`) : r.name}</Text>
                <Badge size="sm">{r.language.toUpperCase()}</Badge>
              </HStack>
              <MetaReview t={t} review={r} />
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Box>
  );
}
