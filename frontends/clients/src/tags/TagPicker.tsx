import { Badge, Button, HStack, IconButton, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { Tag } from '@pawline/contracts';
import type { Translate } from '../i18n/translator';
import { moveTag, tagSymbol } from './tag-icons';

/** Ordered tags of a customer or pet (spec §3: tag_id, tag_order): add, move up or down, remove. */
export function TagPicker({
  tags,
  value,
  onChange,
  t,
  testId,
}: {
  tags: Tag[];
  value: string[];
  onChange: (ids: string[]) => void;
  t: Translate;
  testId: string;
}) {
  const byId = new Map(tags.map((tag) => [tag.id, tag]));
  const free = tags.filter((tag) => !value.includes(tag.id));
  return (
    <Stack gap="2" data-testid={testId}>
      {value.length === 0 ? <Text color="fg.muted">{t('clients.noTags')}</Text> : null}
      {value.map((id, index) => {
        const tag = byId.get(id);
        if (!tag) return null;
        return (
          <HStack key={id} gap="1" data-testid={`${testId}-item`}>
            <Badge size="lg" colorPalette="brand">
              {`${tagSymbol(tag)} ${tag.name}`.trim()}
            </Badge>
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={t('clients.tagUp', { name: tag.name })}
              disabled={index === 0}
              onClick={() => onChange(moveTag(value, id, -1))}
            >
              ↑
            </IconButton>
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={t('clients.tagDown', { name: tag.name })}
              disabled={index === value.length - 1}
              onClick={() => onChange(moveTag(value, id, 1))}
            >
              ↓
            </IconButton>
            <Button size="xs" variant="ghost" onClick={() => onChange(value.filter((other) => other !== id))}>
              {t('clients.remove')}
            </Button>
          </HStack>
        );
      })}
      {free.length > 0 ? (
        <NativeSelect.Root size="sm" maxW="xs">
          <NativeSelect.Field
            aria-label={t('clients.addTag')}
            data-testid={`${testId}-add`}
            value=""
            onChange={(e) => {
              const id = e.currentTarget.value;
              if (id) onChange([...value, id]);
            }}
          >
            <option value="">{t('clients.addTag')}</option>
            {free.map((tag) => (
              <option key={tag.id} value={tag.id}>
                {`${tagSymbol(tag)} ${tag.name}`.trim()}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ) : null}
    </Stack>
  );
}
