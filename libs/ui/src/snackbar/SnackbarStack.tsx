import { Box, CloseButton, Text } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';
import { SNACKBAR_COLORS, snackbarOffset, type SnackbarStore } from './snackbar-store';

const TYPE_NAMES = ['error', 'warn', 'success', 'normal'] as const;

export function SnackbarStack({ store, closeLabel = 'Close' }: { store: SnackbarStore; closeLabel?: string }) {
  const events = useSyncExternalStore(store.subscribe, store.list, store.list);
  return (
    <>
      {events.map((event, index) => (
        <Box
          key={event.id}
          role={event.type === 0 ? 'alert' : 'status'}
          data-testid="snackbar"
          data-snackbar-type={TYPE_NAMES[event.type]}
          position="fixed"
          left="16px"
          bottom={`${snackbarOffset(index)}px`}
          zIndex={2000}
          minW="280px"
          maxW="calc(100vw - 32px)"
          minH="47px"
          display="flex"
          alignItems="center"
          gap="2"
          px="4"
          py="2"
          borderRadius="md"
          boxShadow="lg"
          bg={SNACKBAR_COLORS[event.type].bg}
          color={SNACKBAR_COLORS[event.type].fg}
        >
          <Text flex="1" fontSize="sm">
            {event.message}
          </Text>
          <CloseButton size="sm" color="inherit" aria-label={closeLabel} onClick={() => store.close(event.id)} />
        </Box>
      ))}
    </>
  );
}
