import { Box, Button, Stack, Text } from '@chakra-ui/react';
import type { Translate } from '../i18n/translator';
import type { ConflictLine } from './conflict-text';

type Props = {
  t: Translate;
  lines: readonly ConflictLine[];
  /** the save was refused by the server (409): the question is now the only way on */
  refused: boolean;
  busy?: boolean;
  onBookAnyway?: () => void;
};

/** What the appointment collides with, before and after saving, with the deliberate "Book anyway" (issue 26). */
export function ConflictWarning({ t, lines, refused, busy, onBookAnyway }: Props) {
  if (lines.length === 0 && !refused) return null;
  return (
    <Box
      role="alert"
      data-testid="conflict-warning"
      borderWidth="1px"
      borderColor="orange.500"
      bg="orange.50"
      color="orange.900"
      p="3"
      rounded="md"
    >
      <Text fontWeight="semibold" fontSize="sm">
        {refused ? t('calendar.conflictRefused') : t('calendar.conflictTitle')}
      </Text>
      <Stack as="ul" gap="1" my="2" ps="4" fontSize="sm">
        {lines.map((line) => (
          <li key={line.key} data-testid="conflict-line" data-reasons={line.reasons.join(' ')}>
            {line.text}
          </li>
        ))}
      </Stack>
      {onBookAnyway ? (
        <Button
          size="sm"
          colorPalette="orange"
          variant={refused ? 'solid' : 'outline'}
          loading={busy}
          onClick={onBookAnyway}
          data-testid="book-anyway"
        >
          {t('calendar.bookAnyway')}
        </Button>
      ) : null}
    </Box>
  );
}
