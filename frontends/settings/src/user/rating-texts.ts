import type { RatingDialogTexts } from '@pawline/ui';
import type { Translate } from '../i18n/translator';

export function ratingTexts(t: Translate): RatingDialogTexts {
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
