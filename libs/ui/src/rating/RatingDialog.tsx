import { Button, HStack, IconButton, Portal, Text, Textarea } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react/dialog';
import { INITIAL_RATING_DIALOG_STATE, RATING_MAX_STARS, RATING_SKIPPED, ratingDialogReducer, type RatingSubmission } from '@pawline/domain';
import { useEffect, useReducer } from 'react';

export type RatingDialogTexts = {
  title: string;
  text: string;
  annotation: string;
  noThanks: string;
  rate: string;
  endTitle: string;
  endText: string;
  close: string;
  star: (n: number) => string;
};

export type RatingDialogProps = {
  /** true opens the dialog (spec §4: decided by shouldOpenRatingDialog, or a user's click) */
  open: boolean;
  texts: RatingDialogTexts;
  /** PUT /api/v1/user/rating; the skip call's errors are ignored by the dialog (R7.02) */
  send: (submission: RatingSubmission) => Promise<void>;
  /** A rating (not a skip) failed: the caller shows the error (R7.02). */
  onError: (error: unknown) => void;
  /** The user answered or closed: the caller updates its local rating state (R4.07). */
  onDone: (answered: boolean) => void;
};

function Star({ filled }: { filled: boolean }) {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6L2.5 9.4l6.6-.8z"
        fill={filled ? '#f5a623' : 'none'}
        stroke="#f5a623"
        strokeWidth="1.5"
      />
    </svg>
  );
}

/** R1.18 R4.07: 5 stars; 'No Thanks' sends -1 and closes; 'Rate' needs stars, sends and shows the end dialog. */
export function RatingDialog({ open, texts, send, onError, onDone }: RatingDialogProps) {
  const [state, dispatch] = useReducer(ratingDialogReducer, INITIAL_RATING_DIALOG_STATE);

  useEffect(() => {
    if (open) dispatch({ type: 'open' });
  }, [open]);

  const outbox = state.outbox;
  useEffect(() => {
    if (!outbox) return;
    dispatch({ type: 'sent' });
    const skipped = outbox.rating === RATING_SKIPPED;
    send(outbox).catch((error: unknown) => {
      // R7.02: errors of the skip call are ignored
      if (!skipped) onError(error);
    });
    if (skipped) onDone(true);
  }, [outbox, send, onError, onDone]);

  const visible = state.view !== 'closed';
  const closeDialog = () => {
    const answered = state.answered;
    dispatch({ type: 'close' });
    onDone(answered);
  };

  return (
    <Dialog.Root open={visible} onOpenChange={(event) => (event.open ? undefined : closeDialog())}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="rating-dialog">
            <Dialog.Header>
              <Dialog.Title>{state.view === 'thanks' ? texts.endTitle : texts.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {state.view === 'thanks' ? (
                <Text data-testid="rating-end">{texts.endText}</Text>
              ) : (
                <>
                  <Text mb="3">{texts.text}</Text>
                  <HStack gap="1" mb="3" role="radiogroup">
                    {Array.from({ length: RATING_MAX_STARS }, (_, index) => index + 1).map((n) => (
                      <IconButton
                        key={n}
                        variant="ghost"
                        role="radio"
                        aria-checked={state.stars === n}
                        aria-label={texts.star(n)}
                        data-testid={`rating-star-${n}`}
                        onClick={() => dispatch({ type: 'select_stars', stars: n })}
                      >
                        <Star filled={n <= state.stars} />
                      </IconButton>
                    ))}
                  </HStack>
                  <Textarea
                    aria-label={texts.annotation}
                    placeholder={texts.annotation}
                    value={state.annotation}
                    onChange={(e) => dispatch({ type: 'set_annotation', annotation: e.currentTarget.value })}
                  />
                </>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              {state.view === 'thanks' ? (
                <Button colorPalette="brand" onClick={closeDialog}>
                  {texts.close}
                </Button>
              ) : (
                <>
                  <Button variant="outline" data-testid="rating-no-thanks" onClick={() => dispatch({ type: 'no_thanks' })}>
                    {texts.noThanks}
                  </Button>
                  <Button colorPalette="brand" data-testid="rating-rate" onClick={() => dispatch({ type: 'rate' })}>
                    {texts.rate}
                  </Button>
                </>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
