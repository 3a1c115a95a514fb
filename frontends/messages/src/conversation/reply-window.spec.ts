import fc from 'fast-check';
import { replyTextState, replyWindowOpen } from './reply-window';

describe('reply box rules', () => {
  it('free text only while the 24-hour window the server names is still open', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    expect(replyWindowOpen('2026-11-24T10:00:01Z', now)).toBe(true);
    expect(replyWindowOpen('2026-11-24T10:00:00Z', now)).toBe(false);
    expect(replyWindowOpen(null, now)).toBe(false);
  });

  it('R5.11 counts down from 500 and refuses more than 500 characters or blank text', () => {
    expect(replyTextState('')).toEqual({ left: 500, sendable: false });
    expect(replyTextState('   ')).toEqual({ left: 497, sendable: false });
    expect(replyTextState('a'.repeat(500))).toEqual({ left: 0, sendable: true });
    expect(replyTextState('a'.repeat(501))).toEqual({ left: -1, sendable: false });
    fc.assert(
      fc.property(fc.string({ maxLength: 700 }), (text) => {
        const state = replyTextState(text);
        expect(state.left).toBe(500 - text.length);
        if (state.sendable) expect(text.length).toBeLessThanOrEqual(500);
      }),
    );
  });
});
