import { z } from 'zod';

/** A note of the webhooks service (the generated example: an organization's notes). */
export const webhooksNoteSchema = z.object({
  id: z.string().uuid(),
  orga_id: z.string().uuid(),
  text: z.string(),
});
export type WebhooksNote = z.infer<typeof webhooksNoteSchema>;
