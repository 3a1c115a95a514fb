import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import type { ShellBridge } from '@pawline/api-client';
import { RatingDialog, ratingDialogTexts } from '@pawline/ui';
import { useCallback, useState } from 'react';
import type { Translate } from '../i18n/translator';
import { errorText } from '../shared/options';

/** R1.18: the feedback rating, also on demand from the user page. */
export function RateCard({ bridge, t }: { bridge: ShellBridge; t: Translate }) {
  const [open, setOpen] = useState(false);
  const send = useCallback(
    async (submission: { rating: number; annotation: string }) => {
      await bridge.api.rate({ rating: submission.rating, annotation: submission.annotation });
    },
    [bridge.api],
  );
  const onError = useCallback((error: unknown) => bridge.notify(0, errorText(error)), [bridge]);
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
