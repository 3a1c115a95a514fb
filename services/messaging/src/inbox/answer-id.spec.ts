import fc from 'fast-check';
import { z } from 'zod';
import { answerIdOf } from './answer-id';

describe('answerIdOf', () => {
  it('is the same for the same provider message and a valid uuid', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.string({ minLength: 1, maxLength: 40 }), fc.string({ minLength: 1, maxLength: 200 }), (orga, provider, id) => {
        const answerId = answerIdOf(orga, provider, id);
        expect(answerId).toBe(answerIdOf(orga, provider, id));
        expect(z.string().uuid().safeParse(answerId).success).toBe(true);
      }),
    );
  });

  it('differs between organizations and provider messages', () => {
    const a = '11111111-1111-4111-8111-111111111111';
    const b = '22222222-2222-4222-8222-222222222222';
    expect(answerIdOf(a, 'sandbox', 'wamid.1')).not.toBe(answerIdOf(b, 'sandbox', 'wamid.1'));
    expect(answerIdOf(a, 'sandbox', 'wamid.1')).not.toBe(answerIdOf(a, 'sandbox', 'wamid.2'));
  });
});
