/** R1.15 R2.04: auto-login tokens work once and for 10 minutes. */
export const AUTOLOGIN_TOKEN_TTL_MS = 10 * 60 * 1000;

/** `${PUBLIC_URL}/autologin?u=<username>&p=<token>`, both encoded (spec §2 route table). */
export function autologinUrl(publicUrl: string, username: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/autologin?u=${encodeURIComponent(username)}&p=${encodeURIComponent(token)}`;
}
