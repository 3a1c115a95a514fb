// Issue 31 a pet's care record: the vaccines a salon picks from and what a store does about them (ADR 0062).

/** The vaccines per kind of pet of spec §3 (0 and 1 dog, 2 cat, 3 rabbit); any other vaccine goes by name. */
export const VACCINES_BY_PET_TYPE = {
  dog: ['rabies', 'distemper_parvo', 'kennel_cough', 'leptospirosis'],
  cat: ['rabies', 'feline_distemper', 'feline_leukemia'],
  rabbit: ['myxomatosis', 'rabbit_haemorrhagic'],
} as const;
export const KNOWN_VACCINES = [
  'rabies',
  'distemper_parvo',
  'kennel_cough',
  'leptospirosis',
  'feline_distemper',
  'feline_leukemia',
  'myxomatosis',
  'rabbit_haemorrhagic',
] as const;
export type KnownVaccine = (typeof KNOWN_VACCINES)[number];
/** A vaccine is one of the known codes or `other:<name>` as staff typed it. */
export const OTHER_VACCINE_PREFIX = 'other:';
export const VACCINE_NAME_MAX = 60;

/** A pet's vaccinations against its store's requirement, best to worst. */
export const VACCINATION_STATES = ['ok', 'expiring', 'expired', 'missing'] as const;
export type VaccinationState = (typeof VACCINATION_STATES)[number];

/** What online booking does with a pet whose required vaccine is missing or expired: the store's choice. */
export const CARE_BOOKING_MODES = ['refuse', 'warn'] as const;
export type CareBookingMode = (typeof CARE_BOOKING_MODES)[number];

/** At most this many vaccinations kept per pet, and requirement lines per store. */
export const PET_VACCINATIONS_MAX = 60;
export const VACCINE_REQUIREMENTS_MAX = 40;
export const VACCINE_EXPIRING_DAYS_MAX = 365;

/** Whether a vaccine is a known code or `other:` with a name of 1 to VACCINE_NAME_MAX characters. */
export function isVaccine(vaccine: string): boolean {
  if ((KNOWN_VACCINES as readonly string[]).includes(vaccine)) return true;
  if (!vaccine.startsWith(OTHER_VACCINE_PREFIX)) return false;
  const name = vaccine.slice(OTHER_VACCINE_PREFIX.length).trim();
  return name.length > 0 && name.length <= VACCINE_NAME_MAX;
}
