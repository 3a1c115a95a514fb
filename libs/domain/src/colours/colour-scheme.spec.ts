import fc from 'fast-check';
import {
  CANCELLED_COLOUR_SCHEME,
  COLOUR_PRESETS,
  DEFAULT_BORDER,
  DEFAULT_CARD,
  DONE_COLOUR_SCHEME,
  contrastRatio,
  formatColourScheme,
  parseColourScheme,
} from './colour-scheme';

describe('colour scheme', () => {
  it('R9.09 defaults to border #4c61b4 and card #6d81d0', () => {
    expect(DEFAULT_BORDER).toBe('#4c61b4');
    expect(DEFAULT_CARD).toBe('#6d81d0');
    expect(parseColourScheme(null)).toEqual({ border: '#4c61b4', card: '#6d81d0' });
  });

  it('R3.03 parses and formats border and card joined by a colon', () => {
    expect(parseColourScheme('#0D47A1:#1565c0')).toEqual({ border: '#0d47a1', card: '#1565c0' });
    expect(parseColourScheme('#abc:#123456')).toEqual({ border: '#aabbcc', card: '#123456' });
    expect(formatColourScheme({ border: '#0D47A1', card: '#1565C0' })).toBe('#0d47a1:#1565c0');
  });

  it('R9.09 an invalid part falls back to its default', () => {
    expect(parseColourScheme('red:#123456')).toEqual({ border: DEFAULT_BORDER, card: '#123456' });
    expect(parseColourScheme('#123456')).toEqual({ border: '#123456', card: DEFAULT_CARD });
    expect(parseColourScheme('nonsense')).toEqual({ border: DEFAULT_BORDER, card: DEFAULT_CARD });
    expect(formatColourScheme({ border: '', card: '#zzzzzz' })).toBe('#4c61b4:#6d81d0');
  });

  it('R9.09 offers 8 distinct presets with readable white text on each card', () => {
    expect(COLOUR_PRESETS).toHaveLength(8);
    const cards = new Set(COLOUR_PRESETS.map((p) => p.card));
    expect(cards.size).toBe(8);
    expect(cards.has(DEFAULT_CARD)).toBe(false);
    for (const preset of COLOUR_PRESETS) {
      expect(contrastRatio('#ffffff', preset.card)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(preset.border, preset.card)).toBeGreaterThan(1.1);
      expect(parseColourScheme(formatColourScheme(preset))).toEqual(preset);
    }
  });

  it('R9.09 done and cancelled cards are distinct from each other, the default and the presets', () => {
    const others = [DEFAULT_CARD, ...COLOUR_PRESETS.map((p) => p.card)];
    expect(DONE_COLOUR_SCHEME.card).not.toBe(CANCELLED_COLOUR_SCHEME.card);
    expect(others).not.toContain(DONE_COLOUR_SCHEME.card);
    expect(others).not.toContain(CANCELLED_COLOUR_SCHEME.card);
    expect(contrastRatio('#ffffff', DONE_COLOUR_SCHEME.card)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#ffffff', CANCELLED_COLOUR_SCHEME.card)).toBeGreaterThanOrEqual(4.5);
  });

  it('R9.09 property: any text parses to two valid colours and formatting round-trips', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const scheme = parseColourScheme(text);
        expect(scheme.border).toMatch(/^#[0-9a-f]{6}$/);
        expect(scheme.card).toMatch(/^#[0-9a-f]{6}$/);
        expect(parseColourScheme(formatColourScheme(scheme))).toEqual(scheme);
      }),
    );
  });

  it('contrast ratio spans 1 to 21', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#6d81d0', '#6d81d0')).toBe(1);
  });
});
