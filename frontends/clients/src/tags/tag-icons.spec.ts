import { chooseEmoji, chooseIcon, moveTag, orderedAssignments, sortAssigned, TAG_ICON_IDS, TAG_ICONS, tagSymbol } from './tag-icons';

describe('tag icons and ordered tags', () => {
  it('R3.20 offers 31 fixed icons with ids 1 to 31, all distinct, and 0 means none', () => {
    expect(TAG_ICON_IDS).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    const symbols = TAG_ICON_IDS.map((id) => TAG_ICONS[id]);
    expect(symbols.every((s) => typeof s === 'string' && s.length > 0)).toBe(true);
    expect(new Set(symbols).size).toBe(31);
    expect(TAG_ICONS[0]).toBeUndefined();
    expect(tagSymbol({ icon: 0, emoji: null })).toBe('');
  });

  it('R1.05 a tag shows its emoji or its icon, and choosing one clears the other', () => {
    expect(tagSymbol({ icon: 0, emoji: '🐩' })).toBe('🐩');
    expect(tagSymbol({ icon: 8, emoji: null })).toBe('✂️');
    expect(chooseIcon(8)).toEqual({ icon: 8, emoji: null });
    expect(chooseEmoji(' 🐩 ')).toEqual({ icon: 0, emoji: '🐩' });
    expect(chooseEmoji('  ')).toEqual({ icon: 0, emoji: null });
  });

  it('R3.05 R3.06 sends tags with their order and keeps them in tag_order', () => {
    expect(orderedAssignments(['b', 'a', 'b'])).toEqual([
      { tag_id: 'b', tag_order: 0 },
      { tag_id: 'a', tag_order: 1 },
    ]);
    expect(moveTag(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveTag(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(
      sortAssigned([
        { tag_order: 2, n: 'x' },
        { tag_order: 0, n: 'y' },
      ]).map((t) => t.n),
    ).toEqual(['y', 'x']);
  });
});
