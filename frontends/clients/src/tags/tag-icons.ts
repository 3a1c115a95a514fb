import type { AssignedTag, Tag } from '@pawline/contracts';

/**
 * R3.20 the 31 fixed tag icons, ids 1 to 31 (0 means none). Drawn as emoji so they need no
 * asset files and look the same in every remote; each is distinct.
 */
export const TAG_ICONS: Readonly<Record<number, string>> = {
  1: '🐶',
  2: '🐱',
  3: '🐰',
  4: '⭐',
  5: '❤️',
  6: '⚠️',
  7: '💊',
  8: '✂️',
  9: '🛁',
  10: '🦴',
  11: '🐾',
  12: '🎀',
  13: '🏆',
  14: '💎',
  15: '🔥',
  16: '❄️',
  17: '🌸',
  18: '🍀',
  19: '☀️',
  20: '🌙',
  21: '🎂',
  22: '📅',
  23: '💬',
  24: '📞',
  25: '✉️',
  26: '💶',
  27: '🚫',
  28: '✅',
  29: '👑',
  30: '🦷',
  31: '🐹',
};

export const TAG_ICON_IDS: readonly number[] = Array.from({ length: 31 }, (_, i) => i + 1);

/** What a tag shows before its name: its emoji, else its icon, else nothing (R1.05). */
export function tagSymbol(tag: Pick<Tag | AssignedTag, 'icon' | 'emoji'>): string {
  if (tag.emoji) return tag.emoji;
  return TAG_ICONS[tag.icon] ?? '';
}

export type TagChoice = { icon: number; emoji: string | null };

/** A tag has an emoji or one of the icons, never both (R1.05): choosing one clears the other. */
export function chooseIcon(icon: number): TagChoice {
  return { icon, emoji: null };
}

export function chooseEmoji(emoji: string): TagChoice {
  const trimmed = emoji.trim();
  return trimmed.length > 0 ? { icon: 0, emoji: trimmed } : { icon: 0, emoji: null };
}

/** Tags go to the server in the order the user gave them (spec §3: tag_id, tag_order). */
export function orderedAssignments(tagIds: readonly string[]): { tag_id: string; tag_order: number }[] {
  return [...new Set(tagIds)].map((tag_id, index) => ({ tag_id, tag_order: index }));
}

/** Moves a tag one place up (-1) or down (+1) in an ordered list. */
export function moveTag(tagIds: readonly string[], tagId: string, delta: -1 | 1): string[] {
  const list = [...tagIds];
  const from = list.indexOf(tagId);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= list.length) return list;
  [list[from], list[to]] = [list[to], list[from]];
  return list;
}

/** Assigned tags in their tag_order. */
export function sortAssigned<T extends { tag_order: number }>(tags: readonly T[]): T[] {
  return [...tags].sort((a, b) => a.tag_order - b.tag_order);
}
