import { contrastRatio, isHexColour } from './colour-scheme';

// WCAG 2.x AA for normal text (1.4.3): the card's 12 px text needs 4.5:1 against its card.
export const AA_TEXT_CONTRAST = 4.5;
export const LIGHT_CARD_TEXT = '#ffffff';
// pure black: against any colour either it or white reaches at least √21 ≈ 4.58:1, so one of the two always passes
export const DARK_CARD_TEXT = '#000000';

function channels(hex: string): [number, number, number] {
  const value = hex.trim().toLowerCase();
  const full = value.length === 4 ? `#${value[1]}${value[1]}${value[2]}${value[2]}${value[3]}${value[3]}` : value;
  return [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** `top` laid over `bottom` with opacity `alpha` (0 to 1), as a browser paints it: '#rrggbb'. */
export function mixColours(top: string, alpha: number, bottom: string): string {
  const a = Math.min(1, Math.max(0, alpha));
  const over = channels(top);
  const under = channels(bottom);
  return `#${over
    .map((c, i) =>
      Math.round(c * a + (under[i] ?? 0) * (1 - a))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** The weakest contrast of `text` against any of `backgrounds`. */
export function worstContrast(text: string, backgrounds: readonly string[]): number {
  return Math.min(...backgrounds.map((background) => contrastRatio(text, background)));
}

/**
 * The card text colour for a card painted in `backgrounds` (its colour, and where a pattern lies
 * over it, the pattern's colours too): white while white reaches AA on all of them, as the presets
 * were chosen for; else black. Invalid colours are ignored; none left: white.
 */
export function cardTextColour(backgrounds: string | readonly string[]): string {
  const valid = (typeof backgrounds === 'string' ? [backgrounds] : backgrounds).filter((colour) => isHexColour(colour));
  if (valid.length === 0) return LIGHT_CARD_TEXT;
  if (worstContrast(LIGHT_CARD_TEXT, valid) >= AA_TEXT_CONTRAST) return LIGHT_CARD_TEXT;
  return worstContrast(DARK_CARD_TEXT, valid) >= worstContrast(LIGHT_CARD_TEXT, valid) ? DARK_CARD_TEXT : LIGHT_CARD_TEXT;
}
