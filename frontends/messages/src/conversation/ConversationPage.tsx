import { Badge, Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useApiMutation, useApiPages, useApiQuery } from '@pawline/api-client';
import { EmptyState, ErrorState, LoadingState, pagedQueryList, pagedQueryMoreError } from '@pawline/ui';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { conversationWrites, cursorAfter, FIRST_PAGE, type Cursor } from '../api/messages-api';
import { AttachmentList, filesOf } from '../inbox/AttachmentList';
import type { MessagesContext } from '../shared/messages-context';
import { replyWindowOpen } from './reply-window';
import { ReplyBox } from './ReplyBox';
import { reasonFix, unsentReasonText } from '../whatsapp/whatsapp-texts';
import { isAppointmentTemplateType, reminderStatusName } from '@pawline/contracts';

// inbox-shapes' CONVERSATION_PAGE_SIZE: 50 lines a page
const CONVERSATION_PAGE_SIZE = 50;
// what sent an outbound message (messaging's conversation answer); another kind shows as it comes
const OUT_KINDS = ['reminder', 'reply', 'campaign', 'template', 'booking'] as const;
const isOutKind = (kind: string): kind is (typeof OUT_KINDS)[number] => (OUT_KINDS as readonly string[]).includes(kind);

/** Issue 27 why a message of ours was not sent, in the staff's language, with the screen where it is fixed. */
function UnsentReason({ ctx, reason }: { ctx: MessagesContext; reason: string }) {
  const { t, orgaId, storeId } = ctx;
  const fix = reasonFix(reason);
  return (
    <Box mt="1" role="note" data-testid="entry-reason" data-reason={reason}>
      <Text fontSize="sm" color="red.700">
        {unsentReasonText(t, reason)}
      </Text>
      {fix ? (
        <Link to={`/${orgaId}/store/${storeId}/messages/${fix}`} data-testid="entry-reason-fix">
          <Text as="span" fontSize="sm" color="brand.600" textDecoration="underline">
            {t(fix === 'templates' ? 'messages.reasonSeeTemplates' : 'messages.reasonSeeConnection')}
          </Text>
        </Link>
      ) : null}
    </Box>
  );
}

/** One customer's conversation: their messages and ours interleaved by time, reminder statuses, and the reply box. */
export function ConversationPage({ ctx, customerId }: { ctx: MessagesContext; customerId: string }) {
  const { t, bridge, orgaId, storeId } = ctx;
  const scope = useMemo(() => ({ orga: orgaId, store: storeId }), [orgaId, storeId]);
  // a new answer or a status change of ours reads it again (the realtime table: answer, inbound, outbound-message)
  const pages = useApiPages('listConversation', {
    input: (cursor: Cursor | null) => ({ params: { ...scope, customer: customerId, ...(cursor ?? FIRST_PAGE) } }),
    next: (page) => cursorAfter(page.entries, CONVERSATION_PAGE_SIZE, (last) => ({ last_time: last.time, last_id: last.id })),
  });
  const list = useMemo(
    () =>
      pagedQueryList(
        pages,
        (page) => page.entries,
        bridge.language,
        (entry) => `${entry.time}/${entry.id}`,
      ),
    [pages, bridge.language],
  );
  const attachments = useMemo(() => (pages.data?.pages ?? []).flatMap((page) => page.attachments), [pages.data]);
  // the reply window is the first page's: it is about the newest message
  const windowUntil = pages.data?.pages[0]?.reply_window_until ?? null;

  // the customer's name for the heading (crm); the conversation shows without it
  const customer = useApiQuery('getCustomer', { params: { ...scope, id: customerId } }, { retry: false });
  const name = customer.data ? `${customer.data.customer.first_name} ${customer.data.customer.last_name}`.trim() : null;

  const templates = useApiQuery('listMessageTemplates', { params: { orga: orgaId } }, { enabled: ctx.canReply });
  const approved = useMemo(() => (templates.data?.v ?? []).filter((tpl) => tpl.status === 'approved'), [templates.data]);
  // an appointment template names one of the customer's upcoming appointments, chosen in the reply box (issue 27)
  const needAppointments = ctx.canReply && approved.some((tpl) => isAppointmentTemplateType(tpl.template_type));
  const upcoming = useApiQuery(
    'listCustomerAppointments',
    { params: { ...scope, customer: customerId, when: 'upcoming', last_date: 'none', last_id: 'none' } },
    { enabled: needAppointments },
  );
  const appointments = useMemo(() => {
    if (!upcoming.data) return upcoming.isError ? [] : null;
    // the day and time as the store keeps them (its zone), as the message will say them
    return upcoming.data.items.map((item) => ({
      id: item.id,
      label: new Intl.DateTimeFormat(bridge.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: item.time_zone }).format(
        new Date(item.starts_at),
      ),
    }));
  }, [upcoming.data, upcoming.isError, bridge.language]);

  const writes = conversationWrites(orgaId, storeId, customerId);
  const reply = useApiMutation('sendCustomerReply', {
    invalidates: writes,
    success: t('messages.sent'),
    notifyFailure: false,
    // the window closed since the page was read: read it again to show the template choice
    onError: (error) => (error.status === 409 ? pages.refetch() : undefined),
  });
  const sendTemplate = useApiMutation('sendCustomerTemplate', { invalidates: writes, success: t('messages.sent'), notifyFailure: false });

  const time = useMemo(() => new Intl.DateTimeFormat(bridge.language, { dateStyle: 'short', timeStyle: 'short' }), [bridge.language]);
  const ordered = list.status === 'ready' ? [...list.items].reverse() : [];

  return (
    <Stack gap="3" data-testid="conversation-page">
      <HStack justify="space-between">
        <Heading as="h2" size="lg">
          {name ?? t('messages.conversation')}
        </Heading>
        <Button asChild size="sm" variant="ghost">
          <Link to={`/${ctx.orgaId}/store/${ctx.storeId}/messages`}>{t('messages.backToInbox')}</Link>
        </Button>
      </HStack>
      {list.status === 'loading' ? <LoadingState label={t('common.loading')} /> : null}
      {list.status === 'failed' ? (
        <ErrorState
          title={t('messages.loadFailed')}
          message={list.message}
          retryLabel={t('common.retry')}
          onRetry={() => void pages.refetch()}
        />
      ) : null}
      {list.status === 'ready' ? (
        <>
          {!list.done ? (
            <Button
              size="sm"
              variant="outline"
              alignSelf="center"
              loading={list.loadingMore}
              onClick={() => void pages.fetchNextPage()}
              data-testid="older-messages"
            >
              {t('messages.olderMessages')}
            </Button>
          ) : null}
          {pages.isFetchNextPageError ? (
            <Text color="red.600" role="alert">
              {pagedQueryMoreError(pages, bridge.language)}
            </Text>
          ) : null}
          {ordered.length === 0 ? <EmptyState title={t('messages.conversationEmpty')} /> : null}
          <Stack gap="2" data-testid="conversation">
            {ordered.map((entry) => {
              const status = entry.direction === 'out' ? reminderStatusName(entry.status) : null;
              return (
                <Flex key={entry.id} justify={entry.direction === 'in' ? 'flex-start' : 'flex-end'}>
                  <Box
                    data-testid="conversation-entry"
                    data-direction={entry.direction}
                    maxW="75%"
                    px="3"
                    py="2"
                    borderRadius="lg"
                    bg={entry.direction === 'in' ? 'bg.muted' : 'brand.50'}
                  >
                    <Text whiteSpace="pre-wrap">{entry.text}</Text>
                    <AttachmentList files={filesOf(attachments, entry.id, entry.attachments)} scope={scope} t={t} />
                    {entry.direction === 'out' && entry.reason ? <UnsentReason ctx={ctx} reason={entry.reason} /> : null}
                    <HStack gap="2" mt="1" justify="flex-end">
                      {entry.direction === 'out' ? (
                        <Badge size="sm" variant="subtle">
                          {isOutKind(entry.kind) ? t(`messages.kind_${entry.kind}`) : entry.kind}
                        </Badge>
                      ) : null}
                      {status ? (
                        <Badge
                          size="sm"
                          colorPalette={status === 'failed' || status === 'undelivered' ? 'red' : 'gray'}
                          data-testid="entry-status"
                        >
                          {t(`messages.status_${status}`)}
                        </Badge>
                      ) : null}
                      <Text fontSize="xs" color="fg.muted">
                        {time.format(new Date(entry.time))}
                      </Text>
                    </HStack>
                  </Box>
                </Flex>
              );
            })}
          </Stack>
          {ctx.canReply ? (
            <ReplyBox
              windowOpen={replyWindowOpen(windowUntil, ctx.now())}
              templates={approved}
              appointments={appointments}
              t={t}
              onSendText={async (text) => {
                await reply.mutateAsync({ params: { ...scope, customer: customerId }, body: { text } });
              }}
              onSendTemplate={async (templateId, addition, appointmentId) => {
                await sendTemplate.mutateAsync({
                  params: { ...scope, customer: customerId },
                  body: { template_id: templateId, addition, appointment_id: appointmentId },
                });
              }}
            />
          ) : (
            <Text fontSize="sm" color="fg.muted" data-testid="reply-read-only">
              {t('messages.replyReadOnly')}
            </Text>
          )}
        </>
      ) : null}
    </Stack>
  );
}
