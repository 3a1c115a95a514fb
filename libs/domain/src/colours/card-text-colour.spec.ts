import fc from 'fast-check';
import { AA_TEXT_CONTRAST, cardTextColour, DARK_CARD_TEXT, LIGHT_CARD_TEXT, mixColours, worstContrast } from './card-text-colour';
import { CANCELLED_COLOUR_SCHEME, COLOUR_PRESETS, contrastRatio, DEFAULT_CARD, DONE_COLOUR_SCHEME } from './colour-scheme';

const hexColour = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map((rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`);

describe('card text colour', () => {
  it('keeps white text on the eight presets, the done and the cancelled card (each reaches 4.5:1)', () => {
    for (const card of [...COLOUR_PRESETS.map((p) => p.card), DONE_COLOUR_SCHEME.card, CANCELLED_COLOUR_SCHEME.card]) {
      expect(cardTextColour(card)).toBe(LIGHT_CARD_TEXT);
      expect(contrastRatio(cardTextColour(card), card)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
  });

  it('writes black on the default card #6d81d0, where white reaches only 3.9:1', () => {
    expect(contrastRatio('#ffffff', DEFAULT_CARD)).toBeLessThan(AA_TEXT_CONTRAST);
    expect(cardTextColour(DEFAULT_CARD)).toBe(DARK_CARD_TEXT);
    expect(contrastRatio(DARK_CARD_TEXT, DEFAULT_CARD)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });

  it('writes black on light custom colours and white on dark ones', () => {
    expect(cardTextColour('#ffeb3b')).toBe(DARK_CARD_TEXT);
    expect(cardTextColour('#fff')).toBe(DARK_CARD_TEXT);
    expect(cardTextColour('#a5d6a7')).toBe(DARK_CARD_TEXT);
    expect(cardTextColour('#212121')).toBe(LIGHT_CARD_TEXT);
    expect(cardTextColour('#000080')).toBe(LIGHT_CARD_TEXT);
  });

  it('reads a patterned card against the pattern too: the cancelled card under its light stripes', () => {
    const stripe = mixColours('#ffffff', 0.25, CANCELLED_COLOUR_SCHEME.card);
    const text = cardTextColour([CANCELLED_COLOUR_SCHEME.card, stripe]);
    expect(worstContrast(text, [CANCELLED_COLOUR_SCHEME.card, stripe])).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });

  it('ignores invalid colours and falls back to white without any', () => {
    expect(cardTextColour('red')).toBe(LIGHT_CARD_TEXT);
    expect(cardTextColour([])).toBe(LIGHT_CARD_TEXT);
    expect(cardTextColour(['nonsense', '#ffffff'])).toBe(DARK_CARD_TEXT);
  });

  it('mixes a colour over another as a browser paints it', () => {
    expect(mixColours('#ffffff', 0, '#123456')).toBe('#123456');
    expect(mixColours('#ffffff', 1, '#123456')).toBe('#ffffff');
    expect(mixColours('#ffffff', 0.5, '#000000')).toBe('#808080');
    expect(mixColours('#fff', 0.25, '#000')).toBe('#404040');
  });

  it('property: on any card colour the chosen text reaches WCAG AA (4.5:1)', () => {
    fc.assert(
      fc.property(hexColour, (card) => {
        expect(contrastRatio(cardTextColour(card), card)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      }),
      { numRuns: 2000 },
    );
  });
});
