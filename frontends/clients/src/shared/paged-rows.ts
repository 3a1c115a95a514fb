import type { PagedDataTableTexts } from '@pawline/ui';
import type { Translate } from '../i18n/translator';

/** The texts of a customer or pet list's `PagedDataTable`. */
export function pagedTableTexts(t: Translate): PagedDataTableTexts {
  return { loading: t('common.loading'), loadFailed: t('clients.loadFailed'), retry: t('common.retry'), loadMore: t('clients.loadMore') };
}
