import { useApiQuery } from '@pawline/api-client';
import type { Appointment, Pet, PetCard } from '@pawline/contracts';
import { useMemo } from 'react';
import type { StoreParams } from '../api/scheduling-api';
import type { AppointmentWrites } from '../calendar/useAppointmentWrites';
import type { Translate } from '../i18n/translator';
import { CheckOutDialog } from './CheckOutDialog';
import { petPatches, petQuestions, type PetQuestion } from './pet-checkout';

type Props = {
  at: StoreParams;
  appointment: Appointment;
  /** the appointment's pets as the cards know them: their owner's pets are read whole, in one request */
  pets: readonly PetCard[];
  writes: AppointmentWrites;
  t: Translate;
  onDone: () => void;
  onClose: () => void;
};

/**
 * R4.11 R5.13 check-out asks the pet information the organization wants (crm settings `pet_checkout`);
 * the pets come whole from their owner's list. Without settings it asks nothing.
 */
export function CheckOutLoader({ at, appointment, pets, writes, t, onDone, onClose }: Props) {
  const owner = pets[0]?.customer_id;
  const settings = useApiQuery('getCrmSettings', { params: { orga: at.orga } });
  const owned = useApiQuery('listPets', { params: at, query: { customer_id: owner } }, { enabled: owner !== undefined });
  const known = useMemo<Pet[]>(() => {
    const ids = new Set(pets.map((p) => p.pet_id));
    return (owned.data?.items ?? []).filter((p) => ids.has(p.id));
  }, [owned.data, pets]);
  if (settings.isPending || (owner !== undefined && owned.isPending)) return null;
  const questions = petQuestions(settings.data?.pet_checkout ?? null, known);

  const save = async (write: Parameters<typeof writes.checkOut.mutate>[0]['body'], answers: PetQuestion[]) => {
    try {
      for (const [petId, patch] of petPatches(answers, known))
        await writes.updatePet.mutateAsync({ params: { ...at, id: petId }, body: patch });
      await writes.checkOut.mutateAsync({ params: { ...at, id: appointment.id }, body: write });
      onDone();
    } catch {
      // the layer showed the failure; the dialog stays open to try again
    }
  };

  return (
    <CheckOutDialog
      appointment={appointment}
      questions={questions}
      t={t}
      busy={writes.checkOut.isPending || writes.updatePet.isPending}
      onSave={(write, answers) => void save(write, answers)}
      onClose={onClose}
    />
  );
}
