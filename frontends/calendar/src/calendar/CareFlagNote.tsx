import { Text } from '@chakra-ui/react';
import { vaccineName } from '@pawline/i18n';
import type { Translate } from '../i18n/translator';
import type { CareFlag } from './care-flags';

/** Issue 31 the dialog's and the day sheet's words for a vaccination flag: the state, then each pet and its vaccines. */
export function careFlagText(t: Translate, flag: CareFlag): string {
  const pets = flag.pets.map((p) =>
    t('calendar.careFlagPet', { pet: p.name, vaccines: p.vaccines.map((v) => vaccineName(t, v)).join(', ') }),
  );
  return `${t(flag.state === 'missing' ? 'calendar.vaccineMissing' : 'calendar.vaccineExpired')}: ${pets.join('; ')}`;
}

export function CareFlagNote({ t, flag, testId }: { t: Translate; flag: CareFlag | null; testId: string }) {
  if (!flag) return null;
  return (
    <Text fontWeight="bold" color="red.700" data-testid={testId} data-care={flag.state}>
      {careFlagText(t, flag)}
    </Text>
  );
}
