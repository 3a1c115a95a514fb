import { Button } from '@chakra-ui/react';
import { EmptyState } from '@pawline/ui';
import { Link } from 'react-router';

/** R4.20: the open customer or pet was deleted on another device. */
export function DeletedElsewhere({
  title,
  description,
  backTo,
  backLabel,
}: {
  title: string;
  description: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <div data-testid="deleted-elsewhere" role="status">
      <EmptyState
        title={title}
        description={description}
        action={
          <Button asChild variant="outline">
            <Link to={backTo}>{backLabel}</Link>
          </Button>
        }
      />
    </div>
  );
}
