import { z } from 'zod';

/** A note of the billing service (the generated example: an organization's notes). */
export const billingNoteSchema = z.object({
  id: z.string().uuid(),
  orga_id: z.string().uuid(),
  text: z.string(),
});
export type BillingNote = z.infer<typeof billingNoteSchema>;
