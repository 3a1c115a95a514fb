import { z } from 'zod';
import { defineRpc } from '../core';
import { sandboxMailSchema } from './identity-shapes';

/** Sandbox mailbox (dev and tests), newest first; not_found unless MAIL_TRANSPORT is sandbox. */
export const listMailboxRpc = defineRpc(
  'rpc.identity.mailbox.list',
  z.strictObject({ to: z.string().max(254).optional() }),
  z.array(sandboxMailSchema),
);
