import fc from 'fast-check';
import { customerMobile, normaliseMobile } from './phone-number';

describe('normaliseMobile (WhatsApp numbers of customers)', () => {
  it.each([
    ['07911 123456', 'GB', '447911123456'],
    ['07911-123-456', 'UK', '447911123456'],
    ['+44 (0)7911 123456', null, '447911123456'],
    ['0044 7911 123456', 'IT', '447911123456'],
    ['+44 07911 123456', null, '447911123456'],
    ['347 123 4567', 'IT', '393471234567'],
    ['+39 347 1234567', 'DE', '393471234567'],
    ['0039 333 123456', null, '39333123456'],
    ['0151 2345 6789', 'DE', '4915123456789'],
    ['0171/1234567', 'DE', '491711234567'],
    ['06 12 34 56 78', 'FR', '33612345678'],
    ['07.51.23.45.67', 'FR', '33751234567'],
    ['612 345 678', 'ES', '34612345678'],
    ['+34 712 345 678', null, '34712345678'],
    ['079 123 45 67', 'CH', '41791234567'],
    ['+41 (0)79 123 45 67', null, '41791234567'],
    ['+1 212 555 0100', 'IT', '12125550100'],
  ])('reads %s (country %s) as %s', (text, country, expected) => {
    expect(normaliseMobile(text, country)).toBe(expected);
  });

  it.each([
    ['020 7946 0958', 'GB', 'a London landline'],
    ['070 1234 5678', 'GB', 'a UK personal number'],
    ['06 1234567', 'IT', 'a Rome landline'],
    ['+39 06 1234567', null, 'a Rome landline written internationally'],
    ['030 1234567', 'DE', 'a Berlin landline'],
    ['01 23 45 67 89', 'FR', 'a Paris landline'],
    ['912 345 678', 'ES', 'a Madrid landline'],
    ['044 123 45 67', 'CH', 'a Zurich landline'],
    ['347 123 4567', null, 'a national number without a country'],
    ['347 123 4567', 'US', 'a national number of a country without a plan'],
    ['+39 347 12', null, 'too short'],
    ['+1234567890123456', null, 'longer than E.164 allows'],
    ['call me', 'IT', 'no number'],
    ['347 123 4567 ext 5', 'IT', 'text after the number'],
    ['', 'IT', 'empty'],
  ])('refuses %s (country %s): %s', (text, country, _why) => {
    expect(normaliseMobile(text, country)).toBeNull();
  });

  const plans = [
    { country: 'GB', cc: '44', trunk: '0', nsn: fc.stringMatching(/^7[1-57-9]\d{8}$/) },
    { country: 'IT', cc: '39', trunk: '', nsn: fc.stringMatching(/^3\d{8,9}$/) },
    { country: 'DE', cc: '49', trunk: '0', nsn: fc.stringMatching(/^1[5-7]\d{8,9}$/) },
    { country: 'FR', cc: '33', trunk: '0', nsn: fc.stringMatching(/^6\d{8}$/) },
    { country: 'ES', cc: '34', trunk: '', nsn: fc.stringMatching(/^6\d{8}$/) },
    { country: 'CH', cc: '41', trunk: '0', nsn: fc.stringMatching(/^7[5-9]\d{7}$/) },
  ];
  /** the digits with a separator (or none) after some of them, as people type numbers */
  const spaced = (digits: string, separators: string[]) =>
    [...digits].map((digit, index) => digit + (separators[index % separators.length] ?? '')).join('');

  it('gives one number whether a mobile is written nationally, with +CC or with 00CC, however it is spaced', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...plans).chain((plan) => fc.tuple(fc.constant(plan), plan.nsn)),
        fc.array(fc.constantFrom('', '', ' ', '-', '.', '/'), { minLength: 1, maxLength: 6 }),
        fc.constantFrom(null, 'GB', 'IT', 'DE', 'FR', 'ES', 'CH'),
        ([plan, nsn], separators, otherCountry) => {
          const expected = `${plan.cc}${nsn}`;
          expect(normaliseMobile(spaced(`${plan.trunk}${nsn}`, separators), plan.country)).toBe(expected);
          // an international number does not depend on the default country
          expect(normaliseMobile(`+${plan.cc} ${spaced(nsn, separators)}`, otherCountry)).toBe(expected);
          expect(normaliseMobile(`00${plan.cc}${spaced(nsn, separators)}`, otherCountry)).toBe(expected);
        },
      ),
    );
  });

  it('answers digits only, at most 15, never starting with 0', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 25 }), fc.constantFrom(null, 'GB', 'IT', 'DE', 'FR', 'ES', 'CH'), (text, country) => {
        const result = normaliseMobile(text, country);
        if (result !== null) expect(result).toMatch(/^[1-9]\d{7,14}$/);
      }),
    );
  });

  it("takes the customer's first phone that is a mobile (fon, then fon_2)", () => {
    expect(customerMobile(['06 1234567', '347 1234567'], 'IT')).toBe('393471234567');
    expect(customerMobile(['348 7654321', '347 1234567'], 'IT')).toBe('393487654321');
    expect(customerMobile([null, '06 1234567'], 'IT')).toBeNull();
  });
});
