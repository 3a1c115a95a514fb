import { Badge, Box, Button, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { API_ROUTES, createRemoteHttp, isApiError } from '@pawline/api-client';
import { EmptyState, ErrorState, LoadingState } from '@pawline/ui';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Attachment, ConversationEntry, Cursor, MessageTemplate } from '../api/messages-api';
import { AttachmentList, filesOf } from '../inbox/AttachmentList';
import type { MessagesContext } from '../shared/messages-context';
import { useCursorList } from '../shared/useCursorList';
import { replyWindowOpen } from './reply-window';
import { ReplyBox } from './ReplyBox';
import { reminderStatusName } from '@pawline/contracts';

// inbox-shapes' CONVERSATION_PAGE_SIZE: 50 lines a page
const CONVERSATION_PAGE_SIZE = 50;
// what sent an outbound message (messaging's conversation answer); another kind shows as it comes
const OUT_KINDS = ['reminder', 'reply', 'campaign', 'template'] as const;
const isOutKind = (kind: string): kind is (typeof OUT_KINDS)[number] => (OUT_KINDS as readonly string[]).includes(kind);

type Extra = { attachments: Attachment[]; windowUntil: string | null };

/** One customer's conversation: their messages and ours interleaved by time, reminder statuses, and the reply box. */
export function ConversationPage({ ctx, customerId }: { ctx: MessagesContext; customerId: string }) {
  const { api, t, bridge } = ctx;
  const fetchPage = useCallback(
    (cursor: Cursor) =>
      api.listConversation(customerId, cursor).then((page) => ({
        items: page.entries,
        extra: { attachments: page.attachments, windowUntil: page.reply_window_until },
      })),
    [api, customerId],
  );
  const { list, extra, moreError, reload, refresh, loadMore } = useCursorList<ConversationEntry, Extra>({
    fetchPage,
    cursorOf: (last) => ({ last_time: last.time, last_id: last.id }),
    keyOf: (entry) => `${entry.time}/${entry.id}`,
    pageSize: CONVERSATION_PAGE_SIZE,
    // the reply window is the first page's: it is about the newest message
    mergeExtra: (before, page) => ({ attachments: [...before.attachments, ...page.attachments], windowUntil: before.windowUntil }),
    emptyExtra: { attachments: [], windowUntil: null },
  });

  // the customer's name for the heading (crm); the conversation shows without it
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    const http = createRemoteHttp({ api: bridge.api, language: bridge.language });
    let active = true;
    http.request(API_ROUTES.getCustomer, { params: { orga: ctx.orgaId, store: ctx.storeId, id: customerId } }).then(
      (d) => active && setName(`${d.customer.first_name} ${d.customer.last_name}`.trim()),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [bridge, ctx.orgaId, ctx.storeId, customerId]);

  const [templates, setTemplates] = useState<MessageTemplate[]>([]);
  useEffect(() => {
    if (!ctx.canReply) return;
    api.listTemplates().then(
      (answer) => setTemplates(answer.v.filter((tpl) => tpl.status === 'approved')),
      () => undefined,
    );
  }, [api, ctx.canReply]);

  // a new answer or a status change of ours reads the newest page again
  useEffect(
    () => bridge.subscribe?.((message) => (message.scope === 'answer' || message.scope === 'outbound-message') && refresh()),
    [bridge, refresh],
  );

  const time = useMemo(() => new Intl.DateTimeFormat(bridge.language, { dateStyle: 'short', timeStyle: 'short' }), [bridge.language]);
  const ordered = list.status === 'ready' ? [...list.items].reverse() : [];

  const sent = () => {
    bridge.notify(2, t('messages.sent'));
    refresh();
  };

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
        <ErrorState title={t('messages.loadFailed')} message={list.message} retryLabel={t('common.retry')} onRetry={reload} />
      ) : null}
      {list.status === 'ready' ? (
        <>
          {!list.done ? (
            <Button
              size="sm"
              variant="outline"
              alignSelf="center"
              loading={list.loadingMore}
              onClick={loadMore}
              data-testid="older-messages"
            >
              {t('messages.olderMessages')}
            </Button>
          ) : null}
          {moreError ? (
            <Text color="red.600" role="alert">
              {moreError}
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
                    <AttachmentList
                      files={filesOf(extra.attachments, entry.id, entry.attachments)}
                      download={api.downloadAttachment}
                      t={t}
                    />
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
              windowOpen={replyWindowOpen(extra.windowUntil, ctx.now())}
              templates={templates}
              t={t}
              onSendText={async (text) => {
                try {
                  await api.sendReply(customerId, text);
                } catch (error) {
                  // the window closed since the page was read: show the template choice
                  if (isApiError(error) && error.status === 409) refresh();
                  throw error;
                }
                sent();
              }}
              onSendTemplate={async (templateId, addition) => {
                await api.sendTemplate(customerId, templateId, addition);
                sent();
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
