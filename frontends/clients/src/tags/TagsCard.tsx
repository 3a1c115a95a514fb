import { Card, Heading, Text } from '@chakra-ui/react';
import type { Tag } from '@pawline/contracts';
import type { Translate } from '../i18n/translator';
import { TagPicker } from './TagPicker';

/** The tags card of a customer or pet editor: the picker, or a hint while the organization has no tags of the kind. */
export function TagsCard({
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
  return (
    <Card.Root>
      <Card.Header>
        <Heading size="md">{t('clients.tags')}</Heading>
      </Card.Header>
      <Card.Body>
        {tags.length === 0 ? (
          <Text color="fg.muted">{t('clients.noTagsDefined')}</Text>
        ) : (
          <TagPicker tags={tags} value={value} onChange={onChange} t={t} testId={testId} />
        )}
      </Card.Body>
    </Card.Root>
  );
}
