import { KNOWN_VACCINES } from '@pawline/contracts';
import { vaccineName } from './care-words';
import { createTranslator } from './translator';

describe('vaccine names (issue 31)', () => {
  it('names every known vaccine in each language from the catalogue, and a typed one as staff wrote it', () => {
    for (const language of ['en', 'it', 'de', 'fr'] as const) {
      const t = createTranslator(language);
      for (const vaccine of KNOWN_VACCINES) expect(vaccineName(t, vaccine)).not.toMatch(/vaccine_|^clients\./);
    }
    expect(vaccineName(createTranslator('en'), 'rabies')).toBe('Rabies');
    expect(vaccineName(createTranslator('en'), 'other: Giardia ')).toBe('Giardia');
  });
});
