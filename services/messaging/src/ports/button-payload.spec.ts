import fc from 'fast-check';
import { buttonPayloadsFor, parseButtonPayload } from './button-payload';

describe('quick-reply button payloads', () => {
  it('gives each button set its answers (1 confirm/decline, 2 read/unread, 3 read/unread/unsubscribe, 0 none)', () => {
    const id = '0b5f3a38-8c1e-4f0b-9d5a-2f1f8f6f2a11';
    expect(buttonPayloadsFor(1, id)).toEqual([`confirm:${id}`, `decline:${id}`]);
    expect(buttonPayloadsFor(2, id)).toEqual([`read:${id}`, `unread:${id}`]);
    expect(buttonPayloadsFor(3, id)).toEqual([`read:${id}`, `unread:${id}`, `unsubscribe:${id}`]);
    expect(buttonPayloadsFor(0, id)).toEqual([]);
  });

  it('reads back every payload it writes', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.constantFrom(1 as const, 2 as const, 3 as const), (id, set) => {
        for (const payload of buttonPayloadsFor(set, id)) {
          const parsed = parseButtonPayload(payload);
          expect(parsed?.outboundId).toBe(id.toLowerCase());
          expect(payload.startsWith(`${parsed?.answer}:`)).toBe(true);
        }
      }),
    );
  });

  it('refuses payloads we did not send', () => {
    for (const payload of [null, '', 'confirm', 'confirm:', 'confirm:42', 'delete:0b5f3a38-8c1e-4f0b-9d5a-2f1f8f6f2a11', 'confirm:0b5f3a38-8c1e-4f0b-9d5a-2f1f8f6f2a11x'])
      expect(parseButtonPayload(payload)).toBeNull();
  });
});
