import { z } from 'zod';

/** What a browser receives over socket.io (event `message`) for a domain event of its organization (R3.17). */
export const realtimeMessageSchema = z.object({
  /** the entity: `appointment` of evt.scheduling.appointment.created.v1 */
  scope: z.string(),
  /** the organization id (the socket's channel) */
  channel: z.string(),
  store_id: z.string().nullable(),
  /** the id of the entity the event is about, from the payload */
  data: z.string().nullable(),
  /** the verb: `created` */
  event: z.string(),
  /** who caused it */
  user: z.string().nullable(),
  /** the device that caused it, so that device can skip it (R4.16) */
  device: z.string().nullable(),
});
export type RealtimeMessage = z.infer<typeof realtimeMessageSchema>;
