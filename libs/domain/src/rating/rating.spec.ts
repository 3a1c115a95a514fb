import fc from 'fast-check';
import {
  INITIAL_RATING_DIALOG_STATE,
  ratingDialogReducer,
  shouldOpenRatingDialog,
  type RatingDialogAction,
  type RatingDialogState,
} from './rating';

const DAY = 86_400_000;
const created = Date.UTC(2026, 0, 1);

function run(actions: RatingDialogAction[], from: RatingDialogState = INITIAL_RATING_DIALOG_STATE): RatingDialogState {
  return actions.reduce(ratingDialogReducer, from);
}

describe('rating prompt', () => {
  it('R4.06 without a rating it opens only after more than 30 days since the organization was created', () => {
    const base = { rating_enable: true, last_rating_time: null, orga_created_at: created };
    expect(shouldOpenRatingDialog({ ...base, now: created + 30 * DAY })).toBe(false);
    expect(shouldOpenRatingDialog({ ...base, now: created + 30 * DAY + 1 })).toBe(true);
  });

  it('R4.06 after a rating it waits 30 × 6 days from the last rating', () => {
    const rated = created + 100 * DAY;
    const base = { rating_enable: true, last_rating_time: new Date(rated).toISOString(), orga_created_at: created };
    expect(shouldOpenRatingDialog({ ...base, now: rated + 31 * DAY })).toBe(false);
    expect(shouldOpenRatingDialog({ ...base, now: rated + 180 * DAY })).toBe(false);
    expect(shouldOpenRatingDialog({ ...base, now: rated + 180 * DAY + 1 })).toBe(true);
  });

  it('R4.06 opens unless rating_enable is explicitly false', () => {
    const base = { last_rating_time: null, orga_created_at: created, now: created + 40 * DAY };
    expect(shouldOpenRatingDialog({ ...base, rating_enable: false })).toBe(false);
    expect(shouldOpenRatingDialog({ ...base, rating_enable: null })).toBe(true);
    expect(shouldOpenRatingDialog({ ...base, rating_enable: undefined })).toBe(true);
  });

  it('R4.06 without any reference point it stays closed', () => {
    expect(shouldOpenRatingDialog({ rating_enable: true, last_rating_time: null, orga_created_at: null, now: created })).toBe(false);
  });

  it('R4.06 property: opens exactly when the elapsed time exceeds the wait', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 * DAY }), fc.boolean(), (elapsed, rated) => {
        const open = shouldOpenRatingDialog({
          rating_enable: true,
          last_rating_time: rated ? created : null,
          orga_created_at: created - 1000 * DAY,
          now: (rated ? created : created - 1000 * DAY) + elapsed,
        });
        expect(open).toBe(elapsed > (rated ? 180 : 30) * DAY);
      }),
    );
  });
});

describe('rating dialog', () => {
  it("R4.07 'No Thanks' sends -1 and closes", () => {
    const state = run([{ type: 'open' }, { type: 'select_stars', stars: 4 }, { type: 'no_thanks' }]);
    expect(state.view).toBe('closed');
    expect(state.outbox).toEqual({ rating: -1, annotation: '' });
    expect(state.answered).toBe(true);
  });

  it("R4.07 'Rate' without stars does nothing", () => {
    const open = run([{ type: 'open' }]);
    expect(ratingDialogReducer(open, { type: 'rate' })).toBe(open);
  });

  it("R4.07 'Rate' with 1 to 5 stars sends the rating and shows the end dialog", () => {
    for (const stars of [1, 2, 3, 4, 5]) {
      const state = run([
        { type: 'open' },
        { type: 'select_stars', stars },
        { type: 'set_annotation', annotation: ' Great ' },
        { type: 'rate' },
      ]);
      expect(state.view).toBe('thanks');
      expect(state.outbox).toEqual({ rating: stars, annotation: 'Great' });
      expect(state.answered).toBe(true);
      const done = run([{ type: 'sent' }, { type: 'close' }], state);
      expect(done.outbox).toBeNull();
      expect(done.view).toBe('closed');
    }
  });

  it('R4.07 stars are kept between 0 and 5', () => {
    expect(run([{ type: 'open' }, { type: 'select_stars', stars: 9 }]).stars).toBe(5);
    expect(run([{ type: 'open' }, { type: 'select_stars', stars: -2 }]).stars).toBe(0);
  });

  it('R4.07 property: any action sequence only ever sends -1 or 1..5', () => {
    const action = fc.oneof(
      fc.constant<RatingDialogAction>({ type: 'open' }),
      fc.integer({ min: -10, max: 10 }).map((stars): RatingDialogAction => ({ type: 'select_stars', stars })),
      fc.constant<RatingDialogAction>({ type: 'no_thanks' }),
      fc.constant<RatingDialogAction>({ type: 'rate' }),
      fc.constant<RatingDialogAction>({ type: 'sent' }),
      fc.constant<RatingDialogAction>({ type: 'close' }),
    );
    fc.assert(
      fc.property(fc.array(action), (actions) => {
        let state = INITIAL_RATING_DIALOG_STATE;
        for (const a of actions) {
          state = ratingDialogReducer(state, a);
          if (state.outbox) expect([-1, 1, 2, 3, 4, 5]).toContain(state.outbox.rating);
        }
      }),
    );
  });
});
