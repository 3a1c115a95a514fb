import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useApiMutation, type ShellBridge } from '@pawline/api-client';
import { RatingDialog, ratingDialogTexts, snackbarFeedback } from '@pawline/ui';
import { useCallback, useMemo, useState } from 'react';
import type { Translate } from '../i18n/translator';
import { userWrites } from '../shared/identity-writes';

/** R1.18: the feedback rating, also on demand from the user page. */
export function RateCard({ bridge, t }: { bridge: ShellBridge; t: Translate }) {
  const [open, setOpen] = useState(false);
  // the dialog says what failed (a skipped rating's failure is ignored, R7.02): no snackbar of the layer's own
  const rate = useApiMutation('rate', { invalidates: userWrites(), notifyFailure: false });
  const { mutateAsync } = rate;
  const send = useCallback(
    async (submission: { rating: number; annotation: string }) => {
      await mutateAsync({ body: { rating: submission.rating, annotation: submission.annotation } });
    },
    [mutateAsync],
  );
  const onError = useMemo(() => snackbarFeedback(bridge).failure, [bridge]);
  const onDone = useCallback(() => {
    setOpen(false);
    void bridge.reloadUser().catch(() => undefined);
  }, [bridge]);
  return (
    <Card.Root data-testid="rate-app">
      <Card.Header>
        <Heading size="md">{t('shell.ratingTitle')}</Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Text>{t('shell.ratingText')}</Text>
          <Button variant="outline" colorPalette="brand" alignSelf="flex-start" onClick={() => setOpen(true)} data-testid="rate-open">
            {t('shell.ratingRate')}
          </Button>
        </Stack>
      </Card.Body>
      <RatingDialog open={open} texts={ratingDialogTexts(t)} send={send} onError={onError} onDone={onDone} />
    </Card.Root>
  );
}
