import { z } from 'zod';
import { defineRpc } from '../core';
import { personUserSchema } from './identity-shapes';

/** Issue 29: the signed-in person closed the welcome card; it does not show again, on any device. Auth required. */
export const markWelcomeSeenRpc = defineRpc('rpc.identity.user.welcome-seen', z.strictObject({}), personUserSchema);
