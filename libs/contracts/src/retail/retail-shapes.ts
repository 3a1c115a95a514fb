import { z } from 'zod';

/** A note of the retail service (the generated example: an organization's notes). */
export const retailNoteSchema = z.object({
  id: z.string().uuid(),
  orga_id: z.string().uuid(),
  text: z.string(),
});
export type RetailNote = z.infer<typeof retailNoteSchema>;
