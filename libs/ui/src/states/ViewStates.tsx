import { Box, Button, Card, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <Stack align="center" justify="center" py="12" gap="3" role="status" aria-live="polite" data-testid="loading-state">
      <Spinner size="lg" color="brand.500" />
      <Text color="fg.muted">{label}</Text>
    </Stack>
  );
}

export function EmptyState({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
  return (
    <Stack align="center" py="12" gap="2" textAlign="center" data-testid="empty-state">
      <Heading size="md">{title}</Heading>
      {description ? <Text color="fg.muted">{description}</Text> : null}
      {action}
    </Stack>
  );
}

export type ErrorStateProps = {
  title: string;
  message?: string;
  retryLabel?: string;
  onRetry?: () => void;
  children?: ReactNode;
};

/** A failure shown in place of the content it stopped, with an optional retry. */
export function ErrorState({ title, message, retryLabel = 'Try again', onRetry, children }: ErrorStateProps) {
  return (
    <Box py="6" data-testid="error-state">
      <Card.Root borderColor="red.300" borderWidth="1px" maxW="xl" mx="auto" role="alert">
        <Card.Body gap="3">
          <Heading size="md">{title}</Heading>
          {message ? <Text color="fg.muted">{message}</Text> : null}
          {children}
          {onRetry ? (
            <Box>
              <Button colorPalette="brand" onClick={onRetry}>
                {retryLabel}
              </Button>
            </Box>
          ) : null}
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
