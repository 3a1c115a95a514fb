import { Badge, Box, Button, Card, Heading, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useApiMutation, useApiQuery } from '@pawline/api-client';
import type { TagKind } from '@pawline/contracts';
import { ConfirmDialog, EmptyState, FormField, QueryState } from '@pawline/ui';
import { useState } from 'react';
import { tagWrites, type Tag } from '../api/crm-api';
import type { ClientsContext } from '../shared/clients-context';
import { chooseEmoji, chooseIcon, TAG_ICON_IDS, TAG_ICONS, tagSymbol, type TagChoice } from './tag-icons';

type Draft = { id: string | null; name: string } & TagChoice;

const EMPTY_DRAFT: Draft = { id: null, name: '', icon: 0, emoji: null };

/** R1.05 R3.20 tags of customers or pets: a name and an emoji or one of the 31 icons. */
export function TagManager({ ctx, orgaId, kind }: { ctx: ClientsContext; orgaId: string; kind: TagKind }) {
  const { t, bridge } = ctx;
  // R4.20: tags changed on another device are read again (the realtime table)
  const tags = useApiQuery('listTags', { params: { orga: orgaId }, query: { kind } });
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [nameError, setNameError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const saved = { invalidates: tagWrites(orgaId), success: t('clients.tagSaved'), onSuccess: () => setDraft(EMPTY_DRAFT) };
  const create = useApiMutation('createTag', saved);
  const update = useApiMutation('updateTag', saved);
  const remove = useApiMutation('deleteTag', { invalidates: tagWrites(orgaId), onSuccess: () => setDeleting(null) });
  const busy = create.isPending || update.isPending || remove.isPending;

  const save = () => {
    if (draft.name.trim() === '') {
      setNameError(t('validation.required'));
      return;
    }
    setNameError(null);
    const body = { name: draft.name.trim(), icon: draft.icon, emoji: draft.emoji };
    if (draft.id) update.mutate({ params: { orga: orgaId, tag: draft.id }, body });
    else create.mutate({ params: { orga: orgaId }, body: { ...body, kind, tag_order: tags.data?.length ?? 0 } });
  };

  return (
    <Card.Root data-testid={`tag-manager-${kind}`}>
      <Card.Header>
        <Heading size="md">{t(kind === 'customer' ? 'clients.customerTags' : 'clients.petTags')}</Heading>
      </Card.Header>
      <Card.Body gap="4">
        <QueryState
          query={tags}
          language={bridge.language}
          errorTitle={t('clients.loadFailed')}
          isEmpty={(list) => list.length === 0}
          empty={<EmptyState title={t('clients.noTagsYet')} />}
        >
          {(list) => (
            <HStack wrap="wrap" gap="2">
              {list.map((tag) => (
                <HStack key={tag.id} gap="1" borderWidth="1px" rounded="md" px="2" py="1" data-testid="tag-row">
                  <Badge colorPalette="brand">{`${tagSymbol(tag)} ${tag.name}`.trim()}</Badge>
                  <Button
                    size="xs"
                    variant="ghost"
                    onClick={() => setDraft({ id: tag.id, name: tag.name, icon: tag.icon, emoji: tag.emoji })}
                  >
                    {t('clients.edit')}
                  </Button>
                  <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setDeleting(tag)}>
                    {t('clients.delete')}
                  </Button>
                </HStack>
              ))}
            </HStack>
          )}
        </QueryState>
        <Stack gap="3" borderTopWidth="1px" pt="3">
          <Text fontWeight="semibold">{draft.id ? t('clients.editTag') : t('clients.newTag')}</Text>
          <FormField label={t('clients.tagName')} error={nameError} required>
            <Input name={`tag-name-${kind}`} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} />
          </FormField>
          <FormField label={t('clients.tagEmoji')} helper={t('clients.tagEmojiHelp')}>
            <Input
              name={`tag-emoji-${kind}`}
              maxW="32"
              value={draft.emoji ?? ''}
              onChange={(e) => setDraft({ ...draft, ...chooseEmoji(e.currentTarget.value) })}
            />
          </FormField>
          <Box>
            <Text fontSize="sm" mb="1">
              {t('clients.tagIcon')}
            </Text>
            <SimpleGrid columns={{ base: 8, md: 16 }} gap="1" role="radiogroup" aria-label={t('clients.tagIcon')}>
              <Button
                size="sm"
                variant={draft.icon === 0 && !draft.emoji ? 'solid' : 'outline'}
                role="radio"
                aria-checked={draft.icon === 0 && !draft.emoji}
                aria-label={t('clients.tagNoIcon')}
                onClick={() => setDraft({ ...draft, ...chooseIcon(0) })}
              >
                –
              </Button>
              {TAG_ICON_IDS.map((id) => (
                <Button
                  key={id}
                  size="sm"
                  variant={draft.icon === id ? 'solid' : 'outline'}
                  role="radio"
                  aria-checked={draft.icon === id}
                  aria-label={t('clients.tagIconNumber', { id })}
                  data-testid={`tag-icon-${id}`}
                  onClick={() => setDraft({ ...draft, ...chooseIcon(id) })}
                >
                  {TAG_ICONS[id]}
                </Button>
              ))}
            </SimpleGrid>
          </Box>
          <HStack>
            <Button colorPalette="brand" loading={busy} onClick={save} data-testid={`tag-save-${kind}`}>
              {draft.id ? t('clients.save') : t('clients.createTag')}
            </Button>
            {draft.id ? (
              <Button variant="outline" onClick={() => setDraft(EMPTY_DRAFT)}>
                {t('clients.cancel')}
              </Button>
            ) : null}
          </HStack>
        </Stack>
      </Card.Body>
      <ConfirmDialog
        open={deleting !== null}
        title={t('clients.deleteTagQuestion', { name: deleting?.name ?? '' })}
        confirmLabel={t('clients.delete')}
        cancelLabel={t('clients.cancel')}
        danger
        busy={busy}
        onConfirm={() => deleting && remove.mutate({ params: { orga: orgaId, tag: deleting.id } })}
        onCancel={() => setDeleting(null)}
      />
    </Card.Root>
  );
}
