import { createTagRpc } from '@pawline/contracts';
import { isEmoji, tagLookProblem } from './tag-rules';

describe('tag rules', () => {
  it('R1.05 a tag has a name and either an emoji or an icon', () => {
    expect(tagLookProblem(0, '🐶')).toBeNull();
    expect(tagLookProblem(7, null)).toBeNull();
    expect(tagLookProblem(0, null)).toEqual({ icon: 'validation.tagIconOrEmoji' });
    expect(tagLookProblem(7, '🐶')).toEqual({ emoji: 'validation.tagIconOrEmoji' });
    expect(tagLookProblem(0, 'dog')).toEqual({ emoji: 'validation.tagEmoji' });
  });

  it('R1.05 accepts emoji with modifiers, joiners and flags, rejects text', () => {
    expect(isEmoji('👩🏽‍⚕️')).toBe(true);
    expect(isEmoji('🇮🇹')).toBe(true);
    expect(isEmoji('❤️')).toBe(true);
    expect(isEmoji('a')).toBe(false);
    expect(isEmoji('1')).toBe(false);
  });

  it('R3.20 icons are the 31 fixed ids 1 to 31, 0 means none', () => {
    for (let icon = 1; icon <= 31; icon++) expect(tagLookProblem(icon, null)).toBeNull();
    expect(tagLookProblem(32, null)).toEqual({ icon: 'validation.tagIcon' });
    expect(tagLookProblem(-1, null)).toEqual({ icon: 'validation.tagIcon' });
    const base = { orga_id: '2f7c7d3e-4a57-4c4e-9a39-7d0c2b0f4b11', kind: 'pet', name: 'Calm' };
    expect(createTagRpc.request.safeParse({ ...base, icon: 31 }).success).toBe(true);
    expect(createTagRpc.request.safeParse({ ...base, icon: 32 }).success).toBe(false);
  });
});
