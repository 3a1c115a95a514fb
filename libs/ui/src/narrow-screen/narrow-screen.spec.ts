import { isNarrowScreen, NARROW_SCREEN_QUERY } from './narrow-screen';

const screen = (matches: boolean) => ({
  matchMedia: (query: string) => ({
    matches: query === NARROW_SCREEN_QUERY && matches,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }),
});

describe('narrow screen', () => {
  it('is below the md breakpoint, as the media query says', () => {
    expect(NARROW_SCREEN_QUERY).toBe('(max-width: 47.99em)');
    expect(isNarrowScreen(screen(true))).toBe(true);
    expect(isNarrowScreen(screen(false))).toBe(false);
  });

  it('is wide where media queries are unknown or fail', () => {
    expect(isNarrowScreen(undefined)).toBe(false);
    expect(isNarrowScreen({})).toBe(false);
    expect(
      isNarrowScreen({
        matchMedia: () => {
          throw new Error('no media queries');
        },
      }),
    ).toBe(false);
  });
});
