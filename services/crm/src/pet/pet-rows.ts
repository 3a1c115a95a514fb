import type { Pet } from '@pawline/contracts';

export const PET_COLUMNS = `p.id, p.orga_id, p.store_id, p.customer_id, p.name, p.pet_type, p.breed, p.hair, p.size, p.sex,
  to_char(p.born, 'YYYY-MM-DD') AS born, p.weight, p.allergies, p.sterilized, p.vaccinated, p.colour, p.microchip,
  p.attitude, p.notes, p.medical, p.created_at, p.updated_at,
  ARRAY(SELECT f.id FROM stored_file f WHERE f.owner_id = p.id AND f.kind = 'pet_image' ORDER BY f.created_at, f.id) AS image_ids`;

export type PetRow = Omit<Pet, 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date };

export function toPet(row: PetRow): Pet {
  return { ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}
