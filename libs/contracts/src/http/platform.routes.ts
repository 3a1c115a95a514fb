import { z } from 'zod';
import { listMailboxRpc } from '../identity';
import { defineRoute } from '../core/http-route';

const state = z.enum(['up', 'down']);

/** GET /api/v1/health: every service's health RPC and the gateway's own Postgres, NATS and Redis. */
export const gatewayHealthSchema = z.object({
  status: z.enum(['up', 'degraded']),
  services: z.record(z.string(), state),
  infra: z.object({ postgres: state, nats: state, redis: z.enum(['up', 'down', 'off']) }),
});
export type GatewayHealth = z.infer<typeof gatewayHealthSchema>;

/** The gateway's own routes: health, and the sandbox mailbox while MAIL_TRANSPORT is sandbox. */
export const platformHttpRoutes = {
  health: defineRoute({
    method: 'get',
    path: '/api/v1/health',
    summary: 'Health of every service and of Postgres, NATS and Redis',
    tag: 'health',
    response: gatewayHealthSchema,
  }),
  devMailbox: defineRoute({
    method: 'get',
    path: '/api/v1/dev/mailbox',
    summary: "One recipient's sandbox mails, newest first (development and tests only, from this machine)",
    tag: 'dev',
    // never every recipient's mail at once: the caller names the address
    query: z.strictObject({ to: z.string().min(1).max(254) }),
    response: listMailboxRpc.response,
  }),
} as const;
