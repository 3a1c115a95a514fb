import { LANGUAGES, type Language } from '@pawline/api-client';
import { NativeSelect } from '@chakra-ui/react';
import { useI18n } from '../i18n/I18nProvider';
import { isLanguage, LANGUAGE_NAMES } from '../i18n/language-choice';

/** R1.03: choosing a language stores it and reloads the page. */
export function LanguageSwitch({ onBeforeChange }: { onBeforeChange?: (language: Language) => Promise<void> }) {
  const { language, changeLanguage, t } = useI18n();
  return (
    <NativeSelect.Root size="sm" width="auto" minW="130px">
      <NativeSelect.Field
        aria-label={t('shell.languageSwitch')}
        data-testid="language-switch"
        value={language}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (!isLanguage(next) || next === language) return;
          const before = onBeforeChange ? onBeforeChange(next).catch(() => undefined) : Promise.resolve();
          void before.then(() => changeLanguage(next));
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
