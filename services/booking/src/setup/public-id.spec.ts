import { storePublicIdSchema } from '@pawline/contracts';
import { newPublicId } from './public-id';

describe('newPublicId', () => {
  it('makes 16 characters of a-z0-9 the contract accepts, different each time', () => {
    const ids = Array.from({ length: 500 }, newPublicId);
    for (const id of ids) expect(storePublicIdSchema.parse(id)).toBe(id);
    expect(new Set(ids).size).toBe(500);
    // every character of the alphabet turns up over 8,000 draws (a skewed or truncated alphabet would not)
    expect(new Set(ids.join('')).size).toBe(36);
  });
});
