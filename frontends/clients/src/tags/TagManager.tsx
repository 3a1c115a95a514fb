import { Badge, Box, Button, Card, Heading, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { Tag, TagKind } from '@pawline/contracts';
import { ConfirmDialog, EmptyState, ErrorState, FormField, LoadingState } from '@pawline/ui';
import { useCallback, useState } from 'react';
import { errorText, type ClientsContext } from '../shared/clients-context';
import { useCrmEvents } from '../shared/useCrmEvents';
import { useLoad } from '../shared/useLoad';
import { chooseEmoji, chooseIcon, TAG_ICON_IDS, TAG_ICONS, tagSymbol, type TagChoice } from './tag-icons';

type Draft = { id: string | null; name: string } & TagChoice;

const EMPTY_DRAFT: Draft = { id: null, name: '', icon: 0, emoji: null };

/** R1.05 R3.20 tags of customers or pets: a name and an emoji or one of the 31 icons. */
export function TagManager({
  ctx,
  orgaId,
  kind,
  onChanged,
}: {
  ctx: ClientsContext;
  orgaId: string;
  kind: TagKind;
  onChanged?: () => void;
}) {
  const { crm, t, bridge } = ctx;
  const loader = useCallback(() => crm.listTags(orgaId, kind), [crm, orgaId, kind]);
  const { load, reload } = useLoad(loader);
  // R4.20: tags changed on another device are read again
  useCrmEvents(bridge, (event) => {
    if (event.entity === 'tag') reload();
  });
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<Tag | null>(null);

  const save = async () => {
    if (draft.name.trim() === '') {
      setNameError(t('validation.required'));
      return;
    }
    setNameError(null);
    setBusy(true);
    try {
      const body = { name: draft.name.trim(), icon: draft.icon, emoji: draft.emoji };
      if (draft.id) await crm.updateTag(orgaId, draft.id, body);
      else await crm.createTag(orgaId, { ...body, kind, tag_order: load.status === 'ready' ? load.value.length : 0 });
      bridge.notify(2, t('clients.tagSaved'));
      setDraft(EMPTY_DRAFT);
      reload();
      onChanged?.();
    } catch (error) {
      bridge.notify(0, errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (tag: Tag) => {
    setBusy(true);
    try {
      await crm.deleteTag(orgaId, tag.id);
      setDeleting(null);
      reload();
      onChanged?.();
    } catch (error) {
      bridge.notify(0, errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card.Root data-testid={`tag-manager-${kind}`}>
      <Card.Header>
        <Heading size="md">{t(kind === 'customer' ? 'clients.customerTags' : 'clients.petTags')}</Heading>
      </Card.Header>
      <Card.Body gap="4">
        {load.status === 'loading' ? <LoadingState label={t('common.loading')} /> : null}
        {load.status === 'failed' ? (
          <ErrorState title={t('clients.loadFailed')} message={load.message} retryLabel={t('common.retry')} onRetry={reload} />
        ) : null}
        {load.status === 'ready' && load.value.length === 0 ? <EmptyState title={t('clients.noTagsYet')} /> : null}
        {load.status === 'ready' && load.value.length > 0 ? (
          <HStack wrap="wrap" gap="2">
            {load.value.map((tag) => (
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
        ) : null}
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
            <Button colorPalette="brand" loading={busy} onClick={() => void save()} data-testid={`tag-save-${kind}`}>
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
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Card.Root>
  );
}
