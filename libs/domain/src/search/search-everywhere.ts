import { SEARCH_GROUP_SIZE } from '@pawline/contracts';
import { phoneDigits, phoneTermOf } from './search-text';

export type FoundCustomer = {
  id: string;
  first_name: string;
  last_name: string;
  fon: string | null;
  fon_2: string | null;
  pet_names: string[];
};

export type FoundPet = {
  id: string;
  name: string;
  customer_id: string;
  owner?: { first_name: string; last_name: string } | undefined;
};

export type FoundAppointment = {
  id: string;
  date: string;
  hour: number;
  min: number;
  starts_at: string;
  app_name: string | null;
};

export type AppointmentsFound = {
  items: FoundAppointment[];
  pets: { appointment_id: string; pet_id: string }[];
};

/** The phone number of the customer a phone term found (fon first), or null when the term is not a phone number or is not theirs. */
export function matchedPhone(customer: Pick<FoundCustomer, 'fon' | 'fon_2'>, q: string): string | null {
  const digits = phoneTermOf(q);
  if (digits === null) return null;
  return [customer.fon, customer.fon_2].find((fon) => fon !== null && phoneDigits(fon).includes(digits)) ?? null;
}

/** The pets whose upcoming appointments a search shows: the pets found and those of the customers found, each once, at most `max`. */
export function searchedPetIds(pets: readonly FoundPet[], customersPets: readonly FoundPet[], max: number): string[] {
  return [...new Set([...pets, ...customersPets].map((pet) => pet.id))].slice(0, max);
}

export type SearchEverywhere = {
  customers: (FoundCustomer & { phone_match: string | null })[];
  pets: { id: string; name: string; customer_id: string; owner_first_name: string; owner_last_name: string }[];
  appointments: (FoundAppointment & {
    pet_names: string[];
    customer_id: string;
    customer_first_name: string;
    customer_last_name: string;
  })[];
};

/**
 * Issue 29 the palette's answer from what crm and scheduling found: customers (with the phone number a phone
 * term found), pets with their owner's name, and the soonest upcoming appointments of those pets, named by
 * pet and owner; SEARCH_GROUP_SIZE of each. A pet whose owner is not known here is left out, as is an
 * appointment none of whose pets is known.
 */
export function joinSearchResults(input: {
  q: string;
  customers: readonly FoundCustomer[];
  pets: readonly FoundPet[];
  customersPets: readonly FoundPet[];
  appointments: AppointmentsFound;
}): SearchEverywhere {
  const byCustomer = new Map(input.customers.map((c) => [c.id, c]));
  const ownerOf = (pet: FoundPet) => pet.owner ?? byCustomer.get(pet.customer_id) ?? null;
  const petById = new Map([...input.customersPets, ...input.pets].map((pet) => [pet.id, pet]));

  const pets: SearchEverywhere['pets'] = [];
  for (const pet of input.pets) {
    const owner = ownerOf(pet);
    if (!owner) continue;
    pets.push({
      id: pet.id,
      name: pet.name,
      customer_id: pet.customer_id,
      owner_first_name: owner.first_name,
      owner_last_name: owner.last_name,
    });
  }

  const petsOf = new Map<string, FoundPet[]>();
  for (const link of input.appointments.pets) {
    const pet = petById.get(link.pet_id);
    if (pet) petsOf.set(link.appointment_id, [...(petsOf.get(link.appointment_id) ?? []), pet]);
  }
  const appointments: SearchEverywhere['appointments'] = [];
  for (const item of [...input.appointments.items].sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.id.localeCompare(b.id))) {
    const its = petsOf.get(item.id) ?? [];
    const first = its[0];
    const owner = first ? ownerOf(first) : null;
    if (!first || !owner) continue;
    appointments.push({
      id: item.id,
      date: item.date,
      hour: item.hour,
      min: item.min,
      starts_at: item.starts_at,
      app_name: item.app_name,
      pet_names: its.map((pet) => pet.name),
      customer_id: first.customer_id,
      customer_first_name: owner.first_name,
      customer_last_name: owner.last_name,
    });
  }

  return {
    customers: input.customers.slice(0, SEARCH_GROUP_SIZE).map((c) => ({
      id: c.id,
      first_name: c.first_name,
      last_name: c.last_name,
      fon: c.fon,
      fon_2: c.fon_2,
      pet_names: c.pet_names,
      phone_match: matchedPhone(c, input.q),
    })),
    pets: pets.slice(0, SEARCH_GROUP_SIZE),
    appointments: appointments.slice(0, SEARCH_GROUP_SIZE),
  };
}
