import { createTranslator } from '@pawline/i18n';
import { fieldText } from './form-helpers';

describe('fieldText', () => {
  const t = createTranslator('de');

  it("issue 11 shows identity's validation keys in the user's language", () => {
    expect(fieldText('validation.passwordCommon', t)).toMatch(/^Dieses Passwort ist zu verbreitet/);
  });

  it('leaves other server texts as they come', () => {
    expect(fieldText('Too small: expected string to have >=8 characters', t)).toBe('Too small: expected string to have >=8 characters');
  });
});
