import { acceptanceName, agreementState, agreementText } from './agreement';

describe('agreementState (issue 31)', () => {
  it('needs nothing when the store has no agreement', () => {
    expect(agreementState(null, [])).toBe('none');
    expect(agreementState(null, [1])).toBe('none');
  });

  it('is accepted when the current version is among the acceptances', () => {
    expect(agreementState(2, [1, 2])).toBe('accepted');
  });

  it('asks again after a new version: an older acceptance is outdated', () => {
    expect(agreementState(3, [1, 2])).toBe('outdated');
  });

  it('is missing for a customer who never accepted', () => {
    expect(agreementState(1, [])).toBe('missing');
  });
});

describe('agreementText', () => {
  const texts = { it: 'Accordo', en: 'Agreement', de: '  ' };

  it("shows the customer's language, then the store's, then any", () => {
    expect(agreementText(texts, 'it', 'en')).toBe('Accordo');
    expect(agreementText(texts, 'de', 'en')).toBe('Agreement');
    expect(agreementText({ fr: 'Accord' }, 'de', 'en')).toBe('Accord');
    expect(agreementText({}, 'de', 'en')).toBeNull();
  });
});

describe('acceptanceName', () => {
  it('folds spaces and refuses an empty or one-letter name', () => {
    expect(acceptanceName('  Anna   Rossi ')).toBe('Anna Rossi');
    expect(acceptanceName(' ')).toBeNull();
    expect(acceptanceName('A')).toBeNull();
    expect(acceptanceName('x'.repeat(121))).toBeNull();
  });
});
