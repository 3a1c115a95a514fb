import { useApiQuery } from '@pawline/api-client';
import type { Appointment, PetCard } from '@pawline/contracts';
import { formatAmount, parseAppointmentCard } from '@pawline/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { rangeParams, type StoreParams } from '../api/scheduling-api';
import { cardText, type CardParts } from '../grid/card-text';
import { careFlagOf } from './care-flags';
import type { Translate } from '../i18n/translator';
import { EMPTY_LIST } from './appointment-model';
import type { SixDateParts } from './calendar-views';

/** libs/contracts PET_CARDS_MAX (a browser takes no value from the contracts): the pets one batch read answers. */
export const PET_CARDS_MAX = 200;

/** The pets of a range, each once and in a stable order (the batch read's key), at most one batch. */
export function petIdsOf(pets: readonly { pet_id: string }[]): string[] {
  return [...new Set(pets.map((p) => p.pet_id))].sort().slice(0, PET_CARDS_MAX);
}

/**
 * What the calendar shows of a range: its appointments (one read), the cards of all their pets (one batch
 * read, never one per pet), the organization's treatments, and each card's text.
 */
export function useCalendarData(at: StoreParams, parts: SixDateParts, cardChoice: string | null | undefined, t: Translate) {
  const range = useApiQuery('listAppointmentRange', { params: rangeParams(at, parts) });
  const list = range.data ?? EMPTY_LIST;
  const petIds = useMemo(() => petIdsOf(list.pets), [list.pets]);
  // a new pet in the range reads the batch again; the cards already known stay on screen meanwhile
  const cardsQuery = useApiQuery(
    'listPetCards',
    { params: at, query: { ids: petIds.join(',') } },
    { enabled: petIds.length > 0, placeholderData: keepPreviousData },
  );
  const treatmentsQuery = useApiQuery('listTreatments', { params: { orga: at.orga } });
  // issue 31 the store's vaccine requirement, read once for the range's flags
  const careSettings = useApiQuery('getCareSettings', { params: at });
  const cards = useMemo(() => new Map((cardsQuery.data?.items ?? []).map((c) => [c.pet_id, c])), [cardsQuery.data]);

  // what a card shows: the organization's choice (appointment_card_custom), else its name (R8.08)
  const cardFields = useMemo(() => parseAppointmentCard(cardChoice), [cardChoice]);
  const labelOf = useCallback(
    (a: Appointment) => {
      const pets = list.pets
        .filter((p) => p.appointment_id === a.id)
        .map((p) => cards.get(p.pet_id)?.name)
        .filter(Boolean)
        .join(', ');
      const treatments = list.treatments
        .filter((tr) => tr.appointment_id === a.id)
        .map((tr) => tr.name)
        .join(', ');
      const parts: CardParts = {
        name: a.app_name || pets || treatments,
        pets,
        treatments,
        notes: a.notes ?? '',
        price: formatAmount(a.final_price ?? a.price, { pad: true }),
      };
      return cardText(cardFields, parts, t('calendar.appointment'));
    },
    [list, cards, t, cardFields],
  );
  // issue 26: a card takes the colour of its first treatment that has one (the catalogue's colour)
  const treatments = useMemo(() => treatmentsQuery.data ?? [], [treatmentsQuery.data]);
  const colourOf = useCallback(
    (a: Appointment): string | null => {
      const colours = new Map(treatments.map((tr) => [tr.id, tr.color ?? null]));
      const first = list.treatments.find((tr) => tr.appointment_id === a.id && colours.get(tr.treatment_id));
      return first ? (colours.get(first.treatment_id) ?? null) : null;
    },
    [treatments, list.treatments],
  );
  /** The coloured treatments the shown cards use, for the legend. */
  const legend = useMemo(() => {
    const used = new Set(list.treatments.map((tr) => tr.treatment_id));
    return treatments.filter((tr) => used.has(tr.id) && tr.color).map((tr) => ({ id: tr.id, name: tr.name, colour: tr.color as string }));
  }, [treatments, list.treatments]);
  const petsOf = useCallback(
    (a: Appointment): PetCard[] =>
      list.pets.filter((p) => p.appointment_id === a.id).flatMap((p) => (cards.has(p.pet_id) ? [cards.get(p.pet_id) as PetCard] : [])),
    [list.pets, cards],
  );

  /** issue 31 the appointment's vaccination flag on its own day and for its own treatments (care-flags.ts). */
  const careOf = useCallback(
    (a: Appointment): 'missing' | 'expired' | null => {
      const treatmentIds = list.treatments.filter((tr) => tr.appointment_id === a.id).map((tr) => tr.treatment_id);
      return careFlagOf(petsOf(a), treatmentIds, a.date, careSettings.data)?.state ?? null;
    },
    [list.treatments, petsOf, careSettings.data],
  );

  return { range, list, cards, petsOf, labelOf, colourOf, careOf, careSettings: careSettings.data, legend, treatments };
}
