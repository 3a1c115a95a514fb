import { pickLanguage } from './language';

describe('language choice', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['it', 'it'],
    ['it-IT,it;q=0.9,en;q=0.8', 'it'],
    ['de-CH', 'de'],
    ['FR-fr', 'fr'],
    ['es-ES,es;q=0.9,fr;q=0.8,en;q=0.5', 'fr'],
    ['en;q=0.5,de;q=0.9', 'de'],
    ['ja,zh', 'en'],
    ['it;q=0,de', 'de'],
    ['*', 'en'],
  ])('R8.06 answers errors in the first supported language of %p → %s', (header, expected) => {
    expect(pickLanguage(header)).toBe(expected);
  });
});
