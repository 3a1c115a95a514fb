import { Badge, Box, Button, Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useApiMutation, useApiQuery } from '@pawline/api-client';
import { ConfirmDialog, EmptyState, QueryState } from '@pawline/ui';
import { useState } from 'react';
import { templateWrites, type MessageTemplate } from '../api/messages-api';
import type { MessagesContext } from '../shared/messages-context';
import { TEMPLATE_TYPES, variablesOf, variableText } from './template-editor';
import { TemplateEditor } from './TemplateEditor';
import { BookingMessages, HELD_BACK, MetaReview } from './TemplateReview';

/** R3.13 the message templates by type; administrators add and change their own. */
export function TemplatesPage({ ctx }: { ctx: MessagesContext }) {
  const { t, bridge, orgaId } = ctx;
  const list = useApiQuery('listMessageTemplates', { params: { orga: orgaId } });
  return (
    <QueryState query={list} language={bridge.language} errorTitle={t('messages.loadFailed')}>
      {(answer) => <TemplateList ctx={ctx} templates={answer.v} />}
    </QueryState>
  );
}

function TemplateList({ ctx, templates }: { ctx: MessagesContext; templates: MessageTemplate[] }) {
  const { t, orgaId } = ctx;
  const [editing, setEditing] = useState<MessageTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MessageTemplate | null>(null);
  const remove = useApiMutation('deleteMessageTemplate', { invalidates: templateWrites(orgaId), onSettled: () => setDeleting(null) });

  return (
    <Stack gap="4" data-testid="templates-page">
      <HStack justify="space-between">
        <Heading as="h2" size="lg">
          {t('messages.templatesTitle')}
        </Heading>
        {ctx.admin && editing === null ? (
          <Button colorPalette="brand" size="sm" onClick={() => setEditing('new')} data-testid="template-new">
            {t('messages.templateNew')}
          </Button>
        ) : null}
      </HStack>
      {!ctx.admin ? (
        <Text fontSize="sm" color="fg.muted" data-testid="read-only-note">
          {t('messages.adminOnly')}
        </Text>
      ) : null}
      {editing !== null ? (
        <TemplateEditor
          ctx={ctx}
          template={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      {templates.length === 0 ? <EmptyState title={t('messages.templatesEmpty')} /> : null}
      {TEMPLATE_TYPES.map((type) => {
        const ofType = templates.filter((tpl) => tpl.template_type === type);
        if (ofType.length === 0) return null;
        return (
          <Box key={type} data-testid={`template-type-${type}`}>
            <Heading as="h3" size="md" mb="2">
              {t(`messages.templateType_${type}`)}
            </Heading>
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="3">
              {ofType.map((tpl) => (
                <Card.Root key={tpl.id} size="sm" data-testid="template">
                  <Card.Body gap="2">
                    <HStack justify="space-between" align="flex-start">
                      <Text fontWeight="semibold">{tpl.title}</Text>
                      <HStack gap="1">
                        <Badge size="sm" data-testid="template-language">
                          {tpl.language.toUpperCase()}
                        </Badge>
                        {tpl.whatsapp === undefined ? (
                          <Badge
                            size="sm"
                            colorPalette={tpl.status === 'approved' ? 'green' : tpl.status === 'rejected' ? 'red' : 'yellow'}
                          >
                            {t(`messages.templateStatus_${tpl.status}`)}
                          </Badge>
                        ) : null}
                        {tpl.built_in ? <Badge size="sm">{t('messages.builtIn')}</Badge> : null}
                      </HStack>
                    </HStack>
                    {tpl.whatsapp !== undefined ? <MetaReview t={t} review={tpl.whatsapp} /> : null}
                    <Text whiteSpace="pre-wrap" fontSize="sm">
                      {tpl.template_text}
                    </Text>
                    {variablesOf(tpl.variables_str).length > 0 ? (
                      <Text fontSize="xs" color="fg.muted">
                        {variablesOf(tpl.variables_str)
                          .map((v, i) => `{{${i + 1}}} ${variableText(v, t)}`)
                          .join(' · ')}
                      </Text>
                    ) : null}
                    {tpl.button > 0 ? (
                      <Text fontSize="xs" color="fg.muted">
                        {t(`messages.buttons_${tpl.button}`)}
                      </Text>
                    ) : null}
                    {ctx.admin && !tpl.built_in ? (
                      <HStack>
                        {tpl.whatsapp && HELD_BACK.has(tpl.whatsapp.status) ? (
                          <Button size="xs" colorPalette="brand" onClick={() => setEditing(tpl)} data-testid="template-resubmit">
                            {t('messages.templateResubmit')}
                          </Button>
                        ) : (
                          <Button size="xs" variant="outline" onClick={() => setEditing(tpl)} data-testid="template-edit">
                            {t('common.edit')}
                          </Button>
                        )}
                        <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setDeleting(tpl)} data-testid="template-delete">
                          {t('common.delete')}
                        </Button>
                      </HStack>
                    ) : null}
                  </Card.Body>
                </Card.Root>
              ))}
            </SimpleGrid>
          </Box>
        );
      })}
      <BookingMessages ctx={ctx} />
      {deleting ? (
        <ConfirmDialog
          open
          title={t('messages.templateDeleteTitle')}
          confirmLabel={t('common.delete')}
          cancelLabel={t('common.cancel')}
          danger
          onCancel={() => setDeleting(null)}
          onConfirm={() => remove.mutate({ params: { orga: orgaId, template: deleting.id } })}
        >
          <Text>{t('messages.templateDeleteText', { title: deleting.title })}</Text>
        </ConfirmDialog>
      ) : null}
    </Stack>
  );
}
