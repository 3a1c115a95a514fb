import { fieldText } from './form-helpers';

describe('fieldText', () => {
  const t = (key: string) => ({ 'validation.passwordCommon': 'Dieses Passwort ist zu verbreitet' })[key] ?? key;

  it("issue 11 shows identity's validation keys in the user's language", () => {
    expect(fieldText('validation.passwordCommon', t)).toBe('Dieses Passwort ist zu verbreitet');
  });

  it('leaves other server texts as they come', () => {
    expect(fieldText('Too small: expected string to have >=8 characters', t)).toBe('Too small: expected string to have >=8 characters');
  });
});
