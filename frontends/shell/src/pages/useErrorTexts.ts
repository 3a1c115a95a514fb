import type { ErrorPageTexts } from '@pawline/ui';
import { useI18n } from '../i18n/I18nProvider';

export function useErrorTexts(): ErrorPageTexts {
  const { t } = useI18n();
  return { notFound: t('shell.error404'), other: t('shell.errorGeneric'), home: t('shell.errorHomeLink') };
}
