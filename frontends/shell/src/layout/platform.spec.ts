import { isIosPlatform, topPadding } from './platform';

describe('iOS padding', () => {
  it('R2.11 adds extra top padding on iPhone and iPad only', () => {
    expect(isIosPlatform('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)', 'iPhone', 5)).toBe(true);
    expect(isIosPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 'MacIntel', 5)).toBe(true);
    expect(isIosPlatform('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 'MacIntel', 0)).toBe(false);
    expect(isIosPlatform('Mozilla/5.0 (X11; Linux x86_64)', 'Linux x86_64', 0)).toBe(false);
    expect(topPadding(true)).not.toBe('0px');
    expect(topPadding(false)).toBe('0px');
  });
});
