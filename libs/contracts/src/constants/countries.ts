/** spec §9 (R9.10): the countries offered, UK, Italy, Germany, France, Spain, Switzerland (ISO 3166 codes). */
export const COUNTRY_CODES = ['GB', 'IT', 'DE', 'FR', 'ES', 'CH'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];
