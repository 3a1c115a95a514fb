import { MS_PER_DAY, toEpochMs, type Instant } from '../time/instant';

// spec §4 and §9: 30 days × 1 after the organization's creation, × 6 after a rating.
export const RATING_BASE_DAYS = 30;
export const RATING_REPEAT_FACTOR = 6;
export const RATING_MAX_STARS = 5;
export const RATING_SKIPPED = -1;

export type RatingPromptInput = {
  rating_enable: boolean | null | undefined;
  last_rating_time: Instant | null | undefined;
  orga_created_at: Instant | null | undefined;
  now: Instant;
};

/** R4.06 whether the rating dialog opens by itself. */
export function shouldOpenRatingDialog(input: RatingPromptInput): boolean {
  if (input.rating_enable === false) return false;
  const hasRated = input.last_rating_time !== null && input.last_rating_time !== undefined;
  const reference = hasRated ? input.last_rating_time : input.orga_created_at;
  if (reference === null || reference === undefined) return false;
  const referenceMs = toEpochMs(reference);
  const nowMs = toEpochMs(input.now);
  if (Number.isNaN(referenceMs) || Number.isNaN(nowMs)) return false;
  const waitMs = RATING_BASE_DAYS * MS_PER_DAY * (hasRated ? RATING_REPEAT_FACTOR : 1);
  return nowMs - referenceMs > waitMs;
}

/** The PUT /api/v1/user/rating payload (R7.02); rating -1 means skipped. */
export type RatingSubmission = { rating: number; annotation: string };

export type RatingDialogState = {
  view: 'closed' | 'ask' | 'thanks';
  stars: number;
  annotation: string;
  /** A submission the caller must send, then acknowledge with 'sent'. */
  outbox: RatingSubmission | null;
  /** Set when the user answered (rated or declined): the caller updates the local rating state. */
  answered: boolean;
};

export type RatingDialogAction =
  | { type: 'open' }
  | { type: 'select_stars'; stars: number }
  | { type: 'set_annotation'; annotation: string }
  | { type: 'no_thanks' }
  | { type: 'rate' }
  | { type: 'sent' }
  | { type: 'close' };

export const INITIAL_RATING_DIALOG_STATE: RatingDialogState = {
  view: 'closed',
  stars: 0,
  annotation: '',
  outbox: null,
  answered: false,
};

/** R4.07 the rating dialog: 'No Thanks' sends -1 and closes; 'Rate' needs 1–5 stars, sends and thanks. */
export function ratingDialogReducer(state: RatingDialogState, action: RatingDialogAction): RatingDialogState {
  switch (action.type) {
    case 'open':
      return { ...INITIAL_RATING_DIALOG_STATE, view: 'ask' };
    case 'select_stars': {
      if (state.view !== 'ask') return state;
      const stars = Math.min(RATING_MAX_STARS, Math.max(0, Math.round(action.stars)));
      return { ...state, stars };
    }
    case 'set_annotation':
      return state.view === 'ask' ? { ...state, annotation: action.annotation } : state;
    case 'no_thanks':
      if (state.view !== 'ask') return state;
      return { ...state, view: 'closed', outbox: { rating: RATING_SKIPPED, annotation: '' }, answered: true };
    case 'rate':
      if (state.view !== 'ask' || state.stars < 1) return state;
      return {
        ...state,
        view: 'thanks',
        outbox: { rating: state.stars, annotation: state.annotation.trim() },
        answered: true,
      };
    case 'sent':
      return { ...state, outbox: null };
    case 'close':
      return { ...state, view: 'closed' };
  }
}
