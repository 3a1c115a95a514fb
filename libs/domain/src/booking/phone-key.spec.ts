import { phoneKey } from './phone-key';

describe('phoneKey', () => {
  it('reads one number the same with or without country code, + or 00, spaces and dashes', () => {
    const key = phoneKey('+39 333 123 4567');
    expect(key).toBe('331234567');
    expect(phoneKey('0039 3331234567')).toBe(key);
    expect(phoneKey('333-123-4567')).toBe(key);
    expect(phoneKey('(333) 1234567')).toBe(key);
  });

  it('tells different numbers apart and refuses what is no number', () => {
    expect(phoneKey('+39 333 123 4568')).not.toBe(phoneKey('+39 333 123 4567'));
    expect(phoneKey('12345')).toBeNull();
    expect(phoneKey('')).toBeNull();
    expect(phoneKey(null)).toBeNull();
  });
});
