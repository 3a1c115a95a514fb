import { COLOUR_PRESETS, contrastRatio, DEFAULT_BORDER, DEFAULT_CARD } from '@pawline/domain';
import fc from 'fast-check';
import { DARK_TEXT, LIGHT_TEXT, readableTextOn } from './readable-text';

describe('readableTextOn', () => {
  it('writes black on the default card colour, where white is 3.7:1, and white on the default border colour', () => {
    expect(contrastRatio(LIGHT_TEXT, DEFAULT_CARD)).toBeLessThan(4.5);
    expect(readableTextOn(DEFAULT_CARD)).toBe(DARK_TEXT);
    expect(contrastRatio(DARK_TEXT, DEFAULT_CARD)).toBeGreaterThanOrEqual(4.5);
    expect(readableTextOn(DEFAULT_BORDER)).toBe(LIGHT_TEXT);
  });

  it('keeps white on every preset card colour (made for white text)', () => {
    expect(COLOUR_PRESETS.map((preset) => readableTextOn(preset.card))).toEqual(COLOUR_PRESETS.map(() => LIGHT_TEXT));
  });

  it('on any colour reaches 4.5:1, with white wherever white does', () => {
    const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
    fc.assert(
      fc.property(hex, (background) => {
        const text = readableTextOn(background);
        expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(4.5);
        if (contrastRatio(LIGHT_TEXT, background) >= 4.5) expect(text).toBe(LIGHT_TEXT);
      }),
    );
  });

  it('gives white for what is not a hex colour', () => {
    expect(readableTextOn('transparent')).toBe(LIGHT_TEXT);
  });
});
