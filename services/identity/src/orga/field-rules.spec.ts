import { COLOUR_PRESETS } from '@pawline/domain';
import { RpcError } from '@pawline/nest-kit';
import { colorSchemeField, isIanaTimeZone, phoneField, textField, timeZoneField } from './field-rules';

describe('store and team field rules', () => {
  it('R3.04 accepts IANA time zones Intl knows and refuses others', () => {
    expect(['Europe/Rome', 'Europe/London', 'America/New_York', 'UTC'].map(isIanaTimeZone)).toEqual([true, true, true, true]);
    expect(['Europe/Atlantis', 'Rome', '', 'Europe/Rome; DROP'].map(isIanaTimeZone)).toEqual([false, false, false, false]);
    expect(() => timeZoneField('Mars/Olympus')).toThrow(RpcError);
  });

  it('R5.05 checks phones with the libs/domain rule and names the field', () => {
    expect(phoneField('phone', '+39 055 123 4567')).toBe('+39 055 123 4567');
    expect(phoneField('phone', '')).toBeNull();
    expect(phoneField('phone', undefined)).toBeUndefined();
    try {
      phoneField('fon_nr', 'call me maybe');
      throw new Error('accepted a bad phone');
    } catch (error) {
      expect(error).toBeInstanceOf(RpcError);
      expect((error as RpcError).fields).toEqual({ fon_nr: 'validation.phoneFormat' });
    }
  });

  it('R9.09 R3.03 keeps a preset or custom border:card scheme and defaults to #4c61b4:#6d81d0', () => {
    expect(colorSchemeField(undefined)).toBe('#4c61b4:#6d81d0');
    for (const preset of COLOUR_PRESETS)
      expect(colorSchemeField(`${preset.border}:${preset.card}`)).toBe(`${preset.border}:${preset.card}`);
    expect(colorSchemeField('#ABC:#123456')).toBe('#aabbcc:#123456');
  });

  it('turns empty optional text into null and leaves undefined alone', () => {
    expect([textField(undefined), textField(''), textField('  Via Roma 1 ')]).toEqual([undefined, null, 'Via Roma 1']);
  });
});
