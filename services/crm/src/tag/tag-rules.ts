import { TAG_ICON_MAX } from '@pawline/contracts';

/** One emoji (with modifiers, joiners, flags), not text. */
const EMOJI = /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Component}|\u200d|\ufe0f)+$/u;

export function isEmoji(value: string): boolean {
  return EMOJI.test(value) && /\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(value);
}

/**
 * R1.05 R3.20 a tag shows an emoji or one of the 31 fixed icons (ids 1–31; 0 = none): exactly one
 * of the two. Returns the field problem or null.
 */
export function tagLookProblem(icon: number, emoji: string | null): Record<string, string> | null {
  if (!Number.isInteger(icon) || icon < 0 || icon > TAG_ICON_MAX) return { icon: 'validation.tagIcon' };
  if (emoji !== null && !isEmoji(emoji)) return { emoji: 'validation.tagEmoji' };
  if (icon === 0 && emoji === null) return { icon: 'validation.tagIconOrEmoji' };
  if (icon !== 0 && emoji !== null) return { emoji: 'validation.tagIconOrEmoji' };
  return null;
}
