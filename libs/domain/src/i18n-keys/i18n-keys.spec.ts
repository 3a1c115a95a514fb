import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BILLING_DATA_ERROR_KEYS } from '../billing/billing-data';
import { VALIDATION_KEYS } from '../validation/validation';

// The message keys domain returns must name texts of libs/i18n. Read as data (not imported)
// so libs/domain keeps depending on zod only.
function englishTexts(namespace: string): Record<string, string> {
  const file = join(__dirname, '..', '..', '..', 'i18n', 'src', 'locales', 'en', `${namespace}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

describe('message keys', () => {
  it.each([...Object.values(VALIDATION_KEYS), ...Object.values(BILLING_DATA_ERROR_KEYS)])(
    'R5.01 R5.02 R5.03 R5.05 %s exists in the English catalogue',
    (key) => {
      const [namespace, name] = key.split('.') as [string, string];
      expect(englishTexts(namespace)[name]).toEqual(expect.any(String));
    },
  );
});
