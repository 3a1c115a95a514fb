import { AUTOLOGIN_TOKEN_TTL_MS, autologinUrl } from './autologin-link';

describe('auto-login link', () => {
  it('R2.04 R1.15 encodes the username and the one-time token into /autologin?u=&p=', () => {
    const url = autologinUrl('https://app.pawline.test/', 'anna rossi&co', 'a+b/c=');
    expect(url).toBe('https://app.pawline.test/autologin?u=anna%20rossi%26co&p=a%2Bb%2Fc%3D');
    const parsed = new URL(url);
    expect([parsed.searchParams.get('u'), parsed.searchParams.get('p')]).toEqual(['anna rossi&co', 'a+b/c=']);
  });

  it('R1.15 keeps the token alive for 10 minutes', () => {
    expect(AUTOLOGIN_TOKEN_TTL_MS).toBe(600_000);
  });
});
