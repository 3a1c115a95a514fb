import type { Translator } from '@pawline/i18n';
import type { RatingDialogTexts } from './RatingDialog';

/** The rating dialog's texts from the caller's catalogue; both the automatic and the on-demand dialog use them (R1.18). */
export function ratingDialogTexts(t: Translator): RatingDialogTexts {
  return {
    title: t('shell.ratingTitle'),
    text: t('shell.ratingText'),
    annotation: t('shell.ratingAnnotation'),
    noThanks: t('shell.ratingNoThanks'),
    rate: t('shell.ratingRate'),
    endTitle: t('shell.ratingEndTitle'),
    endText: t('shell.ratingEndText'),
    close: t('common.close'),
    star: (n) => t('shell.ratingStars', { count: n }),
  };
}
