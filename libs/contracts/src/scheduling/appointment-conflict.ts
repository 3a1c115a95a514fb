import { z } from 'zod';
import { isLanguage, type Language } from '../core/languages';
import { localDateSchema } from './scheduling-shapes';

const uuid = z.string().uuid();
const clock = z.string().regex(/^\d{2}:\d{2}$/);

/**
 * Why a time is not free (libs/domain collisionsOf, docs/adr/0044): a pet's or the groomer's other appointment,
 * the appointments that fill the store's pool, or hours (the groomer does not work then; unassigned: nobody does).
 */
export const collisionReasonSchema = z.enum(['pet', 'staff', 'pool', 'hours']);
export type CollisionReason = z.infer<typeof collisionReasonSchema>;

/** A pet of a colliding appointment with its owner, as crm names them (null when crm did not answer). */
export const conflictPetSchema = z.object({
  pet_id: uuid,
  name: z.string().nullable(),
  customer_id: uuid.nullable(),
  customer_first_name: z.string().nullable(),
  customer_last_name: z.string().nullable(),
});

/**
 * An appointment a write collides with, for the dialog's message ("Oliver 09:30–11:30 with Anna"): local day and
 * times in its store's zone, the groomer (null: unassigned) and its pets with their owners. One of another store
 * (a shared pet, a groomer working there) shows only the pets the write names.
 */
export const conflictAppointmentSchema = z.object({
  id: uuid,
  store_id: uuid,
  same_store: z.boolean(),
  date: localDateSchema,
  start_time: clock,
  end_time: clock,
  starts_at: z.string(),
  ends_at: z.string(),
  user_id: uuid.nullable(),
  reasons: z.array(collisionReasonSchema),
  pets: z.array(conflictPetSchema),
});
export type ConflictAppointment = z.infer<typeof conflictAppointmentSchema>;

/** One collision of the written appointment of `date` (a recurring series names each member that collides). */
export const collisionSchema = z.object({
  reason: collisionReasonSchema,
  date: localDateSchema,
  /** the groomer it is about (staff, hours); null for pets, the pool, or nobody working */
  user_id: uuid.nullable(),
  appointment_ids: z.array(uuid),
});
export type Collision = z.infer<typeof collisionSchema>;

/**
 * What a write that collides carries on its refusal, `conflict` (409), besides code and message; the write
 * changed nothing. The same two lists answer the check before saving.
 */
export const appointmentConflictSchema = z.object({
  collisions: z.array(collisionSchema),
  conflicts: z.array(conflictAppointmentSchema),
});
export type AppointmentConflict = z.infer<typeof appointmentConflictSchema>;

/** The 409 body of a write that collides (OpenAPI). */
export const appointmentConflictAnswerSchema = appointmentConflictSchema.extend({ code: z.literal('conflict'), message: z.string() });

/** true: write even when it collides (salons do double-book a bather and a groomer on purpose). */
export const allowConflictSchema = z.boolean().default(false);

const CONFLICT_MESSAGES: Record<Language, string> = {
  en: 'This time collides with other appointments. Choose another time or groomer, or book anyway.',
  it: 'Questo orario si sovrappone ad altri appuntamenti. Scegli un altro orario o un altro toelettatore, oppure prenota comunque.',
  de: 'Diese Zeit überschneidet sich mit anderen Terminen. Wählen Sie eine andere Zeit oder einen anderen Groomer oder buchen Sie trotzdem.',
  fr: "Ce créneau chevauche d'autres rendez-vous. Choisissez un autre horaire ou un autre toiletteur, ou réservez quand même.",
};

/** The refusal's text in the caller's language ('it', 'it-CH'; anything else English). */
export function appointmentConflictMessage(lang: string): string {
  const base = lang.slice(0, 2).toLowerCase();
  return CONFLICT_MESSAGES[isLanguage(base) ? base : 'en'];
}
