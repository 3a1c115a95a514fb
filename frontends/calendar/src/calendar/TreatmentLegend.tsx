import { Box, HStack, Text } from '@chakra-ui/react';
import type { Translate } from '../i18n/translator';

type Props = { t: Translate; items: readonly { id: string; name: string; colour: string }[] };

/** What the cards' colours mean (issue 26): the coloured treatments of the shown range. */
export function TreatmentLegend({ t, items }: Props) {
  if (items.length === 0) return null;
  return (
    <HStack as="section" aria-label={t('calendar.treatmentLegend')} data-testid="treatment-legend" gap="3" wrap="wrap" fontSize="sm" my="2">
      <Text fontWeight="semibold">{t('calendar.treatmentLegend')}</Text>
      {items.map((item) => (
        <HStack key={item.id} gap="1" data-testid="legend-item">
          <Box w="3" h="3" rounded="sm" bg={item.colour} aria-hidden />
          <Text>{item.name}</Text>
        </HStack>
      ))}
    </HStack>
  );
}
