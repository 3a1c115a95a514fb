import { Button, Heading, HStack } from '@chakra-ui/react';

export type ListPageAction = { label: string; testId: string; onClick: () => void; disabled?: boolean };

/**
 * The heading of a settings list page (stores, team, treatments, external services) and its one "new"
 * button, which wraps below the title on a narrow screen; no action, no button (members who may only read).
 */
export function ListPageHeader({ title, action }: { title: string; action?: ListPageAction | null }) {
  return (
    <HStack justify="space-between" wrap="wrap">
      <Heading as="h2" size="2xl">
        {title}
      </Heading>
      {action ? (
        <Button colorPalette="brand" data-testid={action.testId} disabled={action.disabled} onClick={action.onClick}>
          {action.label}
        </Button>
      ) : null}
    </HStack>
  );
}
