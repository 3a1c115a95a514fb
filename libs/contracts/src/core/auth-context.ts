import { z } from 'zod';

/**
 * Who is calling. The gateway builds it from the access token; services trust it
 * because only the gateway (and services) can publish on rpc.* subjects.
 */
export const authContextSchema = z.object({
  userId: z.string().uuid(),
  sessionId: z.string().uuid(),
  /** Random id of the browser/device, so realtime events it caused are not applied twice. */
  deviceId: z.string().max(64).nullable(),
  /**
   * Set when an API key signed the request (issue 33): userId and sessionId are then the key's id,
   * and these are its organization, scopes (`calendar:read`, …) and stores (null: all). Absent for a person's session.
   */
  apiKey: z
    .object({
      orga_id: z.string().uuid(),
      scopes: z.array(z.string()),
      store_ids: z.array(z.string().uuid()).nullable(),
    })
    .optional(),
});
export type AuthContext = z.infer<typeof authContextSchema>;
