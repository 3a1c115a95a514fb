import { Stack } from '@chakra-ui/react';
import type { Appointment, PetCard } from '@pawline/contracts';
import type { StoreParams } from '../api/scheduling-api';
import type { CalendarContext } from '../shared/calendar-context';
import { AgreementNotice } from './AgreementNotice';
import { PetReportCard } from './PetReportCard';

type Props = { ctx: CalendarContext; at: StoreParams; appointment: Appointment; pets: readonly PetCard[] };

/** Issue 31 in an existing appointment's dialog: the customer's agreement, each pet's last and this report card. */
export function AppointmentCare({ ctx, at, appointment, pets }: Props) {
  const customerId = pets[0]?.customer_id;
  if (pets.length === 0) return null;
  return (
    <Stack gap="2" data-testid="appointment-care">
      {customerId ? <AgreementNotice ctx={ctx} at={at} customerId={customerId} /> : null}
      {pets.map((pet) => (
        <PetReportCard key={pet.pet_id} ctx={ctx} at={at} appointment={appointment} pet={pet} />
      ))}
    </Stack>
  );
}
