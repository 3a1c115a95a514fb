import { z } from 'zod';
import {
  CARE_BOOKING_MODES,
  PET_VACCINATIONS_MAX,
  VACCINATION_STATES,
  VACCINE_EXPIRING_DAYS_MAX,
  VACCINE_REQUIREMENTS_MAX,
  isVaccine,
} from '../constants/care';
import { calendarDateSchema } from '../core/input-values';
import { petTypeSchema, storedFileSchema } from './crm-shapes';

// Issue 31 a pet's vaccinations and a store's requirement (ADR 0062).

const uuid = z.string().uuid();

/** A known vaccine code or `other:<name>` (constants/care.ts). */
export const vaccineSchema = z.string().trim().refine(isVaccine, 'Unknown vaccine');

/** One vaccination of a pet: dates as local dates; verified_* null while staff have not checked it against its proof. */
export const vaccinationSchema = z.object({
  id: uuid,
  pet_id: uuid,
  vaccine: z.string(),
  given_on: z.string(),
  valid_until: z.string(),
  proof: storedFileSchema.nullable(),
  verified_by: uuid.nullable(),
  verified_at: z.string().nullable(),
  created_by: uuid.nullable(),
  created_at: z.string(),
});
export type Vaccination = z.infer<typeof vaccinationSchema>;
export const vaccinationListSchema = z.object({ items: z.array(vaccinationSchema).max(PET_VACCINATIONS_MAX) });

/** The dates staff type (or confirm from the proof). */
export const vaccinationDatesSchema = { given_on: calendarDateSchema, valid_until: calendarDateSchema };

/** A store requires a vaccine of a kind of pet for some treatments (none listed: for every appointment). */
export const vaccineRequirementSchema = z.strictObject({
  pet_type: petTypeSchema,
  vaccine: vaccineSchema,
  treatment_ids: z.array(uuid).max(100),
});
export type VaccineRequirementLine = z.infer<typeof vaccineRequirementSchema>;

/** A store's care settings: its vaccine requirement, when a vaccination counts as expiring, and online booking's choice. */
export const careSettingsSchema = z.object({
  store_id: uuid,
  requirements: z.array(vaccineRequirementSchema),
  expiring_days: z.number().int(),
  booking_mode: z.enum(CARE_BOOKING_MODES),
});
export type CareSettings = z.infer<typeof careSettingsSchema>;
export const careSettingsInputSchema = {
  requirements: z.array(vaccineRequirementSchema).max(VACCINE_REQUIREMENTS_MAX),
  expiring_days: z.number().int().min(0).max(VACCINE_EXPIRING_DAYS_MAX),
  booking_mode: z.enum(CARE_BOOKING_MODES),
};

/** What the calendar's card reads of a pet's vaccinations: the latest verified end of each vaccine, nothing more. */
export const petCardVaccineSchema = z.object({ vaccine: z.string(), valid_until: z.string() });

export const vaccinationStateSchema = z.enum(VACCINATION_STATES);
