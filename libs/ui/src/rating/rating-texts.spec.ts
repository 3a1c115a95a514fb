import type { TranslationKey } from '@pawline/i18n';
import { ratingDialogTexts } from './rating-texts';

describe('ratingDialogTexts', () => {
  it("R1.18 reads every text from the caller's translate, the stars with their count", () => {
    const call = jest.fn((key: string, params?: Record<string, string | number>) => (params ? `${key}:${params.count}` : key));
    const t = Object.assign(call, { language: 'en' as const, has: (key: string): key is TranslationKey => key.includes('.') });
    const texts = ratingDialogTexts(t);
    expect(texts).toMatchObject({
      title: 'shell.ratingTitle',
      text: 'shell.ratingText',
      annotation: 'shell.ratingAnnotation',
      noThanks: 'shell.ratingNoThanks',
      rate: 'shell.ratingRate',
      endTitle: 'shell.ratingEndTitle',
      endText: 'shell.ratingEndText',
      close: 'common.close',
    });
    expect(texts.star(3)).toBe('shell.ratingStars:3');
  });
});
