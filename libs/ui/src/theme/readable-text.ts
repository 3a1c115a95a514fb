import { contrastRatio, isHexColour } from '@pawline/domain';

// WCAG 2.x AA for normal text (1.4.3)
const AA_TEXT_CONTRAST = 4.5;
export const LIGHT_TEXT = '#ffffff';
// pure black: against any colour either it or white reaches √21 ≈ 4.58:1; a softer near-black does not
export const DARK_TEXT = '#000000';

/**
 * The text colour on a colour the salon chose (a member's card colour, a treatment's): white while
 * white reaches 4.5:1, as the colour presets were chosen for; else black. White on the default card
 * colour #6d81d0 is 3.7:1, black 5.7:1. A value that is not a hex colour gets white.
 */
export function readableTextOn(background: string): string {
  if (!isHexColour(background) || contrastRatio(LIGHT_TEXT, background) >= AA_TEXT_CONTRAST) return LIGHT_TEXT;
  return DARK_TEXT;
}
