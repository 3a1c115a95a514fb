import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { PAGE_SIZES } from '@pawline/domain';
import { EmptyState, PagedDataTable, pagedQueryList, pagedQueryMoreError, plainTableFeatures, type PlainColumn } from '@pawline/ui';
import { useTable } from '@tanstack/react-table';
import { useApiPages } from '@pawline/api-client';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { cursorAfter, FIRST_PAGE, type Cursor, type MessageAnswer } from '../api/messages-api';
import type { MessagesContext } from '../shared/messages-context';
import { AttachmentList, filesOf } from './AttachmentList';

/** R3.12 R7.09 the store's customer messages, newest first, 200 a page; new ones come through the realtime table. */
export function InboxPage({ ctx }: { ctx: MessagesContext }) {
  const { t, bridge, orgaId, storeId } = ctx;
  const scope = useMemo(() => ({ orga: orgaId, store: storeId }), [orgaId, storeId]);
  const pages = useApiPages('listMessageAnswers', {
    input: (cursor: Cursor | null) => ({ params: { ...scope, ...(cursor ?? FIRST_PAGE) } }),
    next: (page) =>
      cursorAfter(page.answers, PAGE_SIZES.customer_messages, (last) => ({ last_time: last.answer_time, last_id: last.answer_id })),
  });
  const list = useMemo(
    () =>
      pagedQueryList(
        pages,
        (page) => page.answers,
        bridge.language,
        (a) => a.answer_id,
      ),
    [pages, bridge.language],
  );
  const attachments = useMemo(() => (pages.data?.pages ?? []).flatMap((page) => page.attachments), [pages.data]);

  const time = useMemo(() => new Intl.DateTimeFormat(bridge.language, { dateStyle: 'short', timeStyle: 'short' }), [bridge.language]);
  const columns = useMemo<PlainColumn<MessageAnswer>[]>(
    () => [
      {
        id: 'customer',
        header: t('messages.customer'),
        cell: ({ row }) => {
          const a = row.original;
          const name = `${a.first_name} ${a.last_name}`.trim() || a.fon;
          return (
            <Box>
              {a.customer_id ? (
                <Link to={`/${ctx.orgaId}/store/${ctx.storeId}/messages/customer/${a.customer_id}`} data-testid="open-conversation">
                  <Text as="span" fontWeight="semibold" color="brand.600">
                    {name}
                  </Text>
                </Link>
              ) : (
                <Text fontWeight="semibold">{name}</Text>
              )}
              <Text fontSize="xs" color="fg.muted">
                {a.fon}
              </Text>
            </Box>
          );
        },
      },
      { id: 'time', header: t('messages.time'), cell: ({ row }) => time.format(new Date(row.original.answer_time)) },
      {
        id: 'text',
        header: t('messages.message'),
        cell: ({ row }) => {
          const a = row.original;
          return (
            <Box maxW="md">
              {a.button ? (
                <Text fontWeight="semibold" data-testid="answer-button">
                  {t(`messages.button_${a.button}`)}
                </Text>
              ) : null}
              {a.text ? <Text whiteSpace="pre-wrap">{a.text}</Text> : null}
              <AttachmentList files={filesOf(attachments, a.answer_id, a.attachments)} scope={scope} t={t} />
            </Box>
          );
        },
      },
    ],
    [t, time, attachments, scope, ctx.orgaId, ctx.storeId],
  );
  const table = useTable({ features: plainTableFeatures, columns, data: list.status === 'ready' ? list.items : [] });

  return (
    <Stack gap="3" data-testid="inbox-page">
      <Heading as="h2" size="lg">
        {t('messages.inboxTitle')}
      </Heading>
      <PagedDataTable
        table={table}
        list={list}
        testId="answers"
        rowTestId={(a) => `answer-${a.answer_id}`}
        texts={{
          loading: t('common.loading'),
          loadFailed: t('messages.loadFailed'),
          retry: t('common.retry'),
          loadMore: t('messages.loadMore'),
        }}
        empty={<EmptyState title={t('messages.inboxEmpty')} description={t('messages.inboxEmptyText')} />}
        onRetry={() => void pages.refetch()}
        onLoadMore={() => void pages.fetchNextPage()}
        moreError={pagedQueryMoreError(pages, bridge.language)}
      />
    </Stack>
  );
}
