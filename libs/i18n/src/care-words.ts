import { OTHER_VACCINE_PREFIX, type KnownVaccine } from '@pawline/contracts';
import type { TranslationKey } from './namespaces';
import type { Translator } from './text';

/** The clients catalogue's name of each known vaccine (issue 31): a key the type checker knows, no key built from text. */
const VACCINE_KEYS: Record<KnownVaccine, TranslationKey> = {
  rabies: 'clients.vaccine_rabies',
  distemper_parvo: 'clients.vaccine_distemper_parvo',
  kennel_cough: 'clients.vaccine_kennel_cough',
  leptospirosis: 'clients.vaccine_leptospirosis',
  feline_distemper: 'clients.vaccine_feline_distemper',
  feline_leukemia: 'clients.vaccine_feline_leukemia',
  myxomatosis: 'clients.vaccine_myxomatosis',
  rabbit_haemorrhagic: 'clients.vaccine_rabbit_haemorrhagic',
};

/** A vaccine's name in the user's language, or the name staff typed (`other:<name>`); the pet page and the calendar's flags. */
export function vaccineName(t: Translator, vaccine: string): string {
  if (vaccine.startsWith(OTHER_VACCINE_PREFIX)) return vaccine.slice(OTHER_VACCINE_PREFIX.length).trim();
  const key = (VACCINE_KEYS as Partial<Record<string, TranslationKey>>)[vaccine];
  return key ? t(key) : vaccine;
}
