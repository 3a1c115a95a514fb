import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import type { UndoOffer } from '../calendar/useCalendarActions';
import { UNDO_SECONDS } from '../calendar/useCalendarActions';
import type { Translate } from '../i18n/translator';

type Props = { t: Translate; offer: UndoOffer | null; onUndo: (offer: UndoOffer) => void; onDismiss: () => void };

/**
 * What was just changed, with Undo for UNDO_SECONDS (issue 26): the server undoes it (ADR 0043), so every open
 * calendar follows. A new change replaces the offer and starts its own ten seconds.
 */
export function UndoToast({ t, offer, onUndo, onDismiss }: Props) {
  useEffect(() => {
    if (!offer) return;
    const timer = setTimeout(onDismiss, UNDO_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [offer, onDismiss]);
  if (!offer) return null;
  return (
    <Box
      role="status"
      data-testid="undo-toast"
      position="fixed"
      bottom="4"
      left="50%"
      transform="translateX(-50%)"
      zIndex="toast"
      bg="gray.900"
      color="white"
      px="4"
      py="2"
      rounded="md"
      shadow="lg"
    >
      <HStack gap="4">
        <Text fontSize="sm">{t(offer.message)}</Text>
        <Button
          size="sm"
          variant="outline"
          color="white"
          borderColor="whiteAlpha.700"
          _hover={{ bg: 'whiteAlpha.200' }}
          onClick={() => onUndo(offer)}
          data-testid="undo-button"
        >
          {t('calendar.undo')}
        </Button>
      </HStack>
    </Box>
  );
}
