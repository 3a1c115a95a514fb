import { readFileSync } from 'node:fs';
import path from 'node:path';
import { errorMessage } from '@pawline/contracts';
import { CATALOGUES, pickLanguage, translator, WIDGET_LANGUAGES, type CatalogueKey } from './i18n';

const locales = path.join(__dirname, '..', '..', '..', 'libs', 'i18n', 'src', 'locales');
const appCatalogue = (language: string, namespace: string) =>
  JSON.parse(readFileSync(path.join(locales, language, `${namespace}.json`), 'utf8')) as Record<string, string>;

// keys the widget shares with the app's catalogues: same name, same text
const SHARED: Record<string, CatalogueKey[]> = {
  common: ['back', 'next', 'previous', 'close', 'loading', 'retry', 'optional'],
  clients: [
    'pet_name',
    'pet_type',
    'pet_size',
    'pet_hair',
    'petType_dog',
    'petType_cat',
    'petType_rabbit',
    'size_small',
    'size_medium',
    'size_big',
    'hair_short',
    'hair_medium',
    'hair_long',
    'field_first_name',
    'field_last_name',
    'field_fon',
    'field_email',
    'consents',
  ],
  errors: ['unknown', 'network'],
};

describe('the language of the widget', () => {
  it('takes the lang attribute, else the page language, by primary subtag, else English', () => {
    expect(pickLanguage('it', 'de')).toBe('it');
    expect(pickLanguage(null, 'de-CH')).toBe('de');
    expect(pickLanguage('', 'fr_FR')).toBe('fr');
    expect(pickLanguage('es', 'pt-BR')).toBe('en');
    expect(pickLanguage('es', 'it')).toBe('it');
    expect(pickLanguage(undefined, undefined)).toBe('en');
  });

  it('fills parameters', () => {
    expect(translator('it')('stepOf', { step: 2, count: 5 })).toBe('Passo 2 di 5');
  });
});

describe('the catalogue', () => {
  it('has every text in en, it, de and fr, none empty, and translated', () => {
    const keys = Object.keys(CATALOGUES.en).sort();
    for (const language of WIDGET_LANGUAGES) {
      const catalogue = CATALOGUES[language];
      expect(Object.keys(catalogue).sort()).toEqual(keys);
      for (const key of keys) expect(catalogue[key as CatalogueKey].trim()).not.toBe('');
      if (language === 'en') continue;
      const same = keys.filter((key) => catalogue[key as CatalogueKey] === CATALOGUES.en[key as CatalogueKey]);
      // names, 'E-mail', '{count} min' … may be the same; most texts are not
      expect(same.length).toBeLessThan(keys.length / 8);
    }
  });

  it('says what the app says for the keys it shares with libs/i18n and the gateway', () => {
    for (const language of WIDGET_LANGUAGES) {
      for (const [namespace, keys] of Object.entries(SHARED)) {
        const app = appCatalogue(language, namespace);
        for (const key of keys) expect([namespace, key, CATALOGUES[language][key]]).toEqual([namespace, key, app[key]]);
      }
      expect(CATALOGUES[language].rate_limited).toBe(errorMessage('rate_limited', language));
    }
  });
});
