import { z } from 'zod';

/** A note of the messaging service (the generated example: an organization's notes). */
export const messagingNoteSchema = z.object({
  id: z.string().uuid(),
  orga_id: z.string().uuid(),
  text: z.string(),
});
export type MessagingNote = z.infer<typeof messagingNoteSchema>;
