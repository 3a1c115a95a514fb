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
});
export type AuthContext = z.infer<typeof authContextSchema>;
