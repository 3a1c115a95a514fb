import type { ServiceTime, ServiceTimeChange, Treatment } from '../api/booking-api';
import { PET_HAIRS, PET_SIZES, PET_TYPES, type PetHair, type PetSize } from '@pawline/contracts';
import { serviceMinutes, type ServiceTimeEntry } from '@pawline/domain';

// R1.08 R3.09 the service-time matrix: rows are treatments (and breed rows), columns pet type × size × coat.

export const MATRIX_PET_TYPES = [PET_TYPES.dog, PET_TYPES.cat, PET_TYPES.rabbit] as const;
export type MatrixPetType = (typeof MATRIX_PET_TYPES)[number];
// the sizes and coats of libs/contracts, under this matrix's names
export const SIZES = PET_SIZES;
export const COATS = PET_HAIRS;
export type Size = PetSize;
export type Coat = PetHair;

/** One cell: a treatment (and breed) for the pet type, a size and a coat; null size and coat is the pet type's general cell. */
export type Cell = { treatmentId: string; petType: number; breed: string | null; size: Size | null; hair: Coat | null };
export type MatrixColumn = { size: Size | null; hair: Coat | null };
/** the general column first, then each size with its three coats */
export const MATRIX_COLUMNS: MatrixColumn[] = [
  { size: null, hair: null },
  ...SIZES.flatMap((size) => COATS.map((hair) => ({ size, hair }))),
];

// spec §3: pet type 1 is a dog like 0
const norm = (petType: number) => (petType === 1 ? 0 : petType);
const samePetType = (a: number, b: number) => norm(a) === norm(b);

export function cellKey(cell: Pick<ServiceTimeEntry, 'treatmentId' | 'petType' | 'breed' | 'size' | 'hair'>): string {
  return [cell.treatmentId, norm(cell.petType), cell.breed?.trim().toLowerCase() ?? '', cell.size ?? '', cell.hair ?? ''].join('|');
}

const cellOf = (time: ServiceTime): Cell => ({
  treatmentId: time.treatment_id,
  petType: time.pet_type,
  breed: time.breed,
  size: time.size,
  hair: time.hair,
});

/** Unsaved cell texts by cell key: '' clears the cell. */
export type Drafts = ReadonlyMap<string, { cell: Cell; text: string }>;

/** The saved entries with the drafts that parse applied: what the fallbacks are computed from. */
export function effectiveEntries(saved: readonly ServiceTime[], drafts: Drafts): ServiceTimeEntry[] {
  const byKey = new Map<string, ServiceTimeEntry>();
  for (const time of saved) {
    const cell = cellOf(time);
    byKey.set(cellKey(cell), { ...cell, petType: cell.petType, minutes: time.minutes });
  }
  for (const [key, draft] of drafts) {
    const minutes = parseMinutes(draft.text);
    if (draft.text.trim() === '') byKey.delete(key);
    else if (minutes !== null) byKey.set(key, { ...draft.cell, minutes });
  }
  return [...byKey.values()];
}

/** The minutes a cell holds itself, or null when it has no entry. */
export function ownMinutes(entries: readonly ServiceTimeEntry[], cell: Cell): number | null {
  const key = cellKey(cell);
  return entries.find((e) => cellKey(e) === key)?.minutes ?? null;
}

/**
 * What an empty cell inherits (shown greyed): the most specific more general entry — the breed row from the
 * treatment's row, a size and coat from the pet type's general cell — else the treatment's default duration.
 */
export function fallbackMinutes(
  entries: readonly ServiceTimeEntry[],
  treatment: Pick<Treatment, 'id' | 'default_duration'>,
  cell: Cell,
): number {
  const key = cellKey(cell);
  // libs/domain's rule, the one the booking service books with (R3.09)
  return serviceMinutes(
    entries.filter((e) => cellKey(e) !== key),
    { id: treatment.id, defaultDuration: treatment.default_duration },
    { petType: cell.petType, breed: cell.breed, size: cell.size, hair: cell.hair },
  );
}

/** The contract's bounds of a cell (libs/contracts serviceTimeInputSchema): whole minutes from 5 to 12 hours. */
export const MIN_MINUTES = 5;
export const MAX_MINUTES = 12 * 60;
/** libs/contracts saveServiceTimesRpc: at most 500 entries a PUT */
export const MAX_CHANGES_PER_SAVE = 500;

export function parseMinutes(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const minutes = Number(trimmed);
  return minutes >= MIN_MINUTES && minutes <= MAX_MINUTES ? minutes : null;
}

/** The breeds with rows of their own for a pet type: those with entries, and the ones added on screen. */
export function breedRows(saved: readonly ServiceTime[], petType: number, added: readonly { treatmentId: string; breed: string }[]) {
  const rows = new Map<string, { treatmentId: string; breed: string }>();
  for (const time of saved)
    if (time.breed !== null && samePetType(time.pet_type, petType))
      rows.set(`${time.treatment_id}|${time.breed.trim().toLowerCase()}`, { treatmentId: time.treatment_id, breed: time.breed });
  for (const row of added) rows.set(`${row.treatmentId}|${row.breed.trim().toLowerCase()}`, row);
  return [...rows.values()];
}

/**
 * The one PUT of a save: each changed cell with its minutes, a cleared one with null; unchanged drafts are
 * left out. `invalid` lists the keys whose text is not 5–720 whole minutes (nothing is sent then).
 */
export function matrixChanges(saved: readonly ServiceTime[], drafts: Drafts): { entries: ServiceTimeChange[]; invalid: string[] } {
  const savedByKey = new Map(saved.map((time) => [cellKey(cellOf(time)), time.minutes]));
  const entries: ServiceTimeChange[] = [];
  const invalid: string[] = [];
  for (const [key, { cell, text }] of drafts) {
    const before = savedByKey.get(key) ?? null;
    const base = {
      treatment_id: cell.treatmentId,
      pet_type: norm(cell.petType) as ServiceTimeChange['pet_type'],
      breed: cell.breed,
      size: cell.size,
      hair: cell.hair,
    };
    if (text.trim() === '') {
      if (before !== null) entries.push({ ...base, minutes: null });
      continue;
    }
    const minutes = parseMinutes(text);
    if (minutes === null) invalid.push(key);
    else if (minutes !== before) entries.push({ ...base, minutes });
  }
  return { entries, invalid };
}
