import { z } from 'zod';
import { defineEvent } from '../core';

/** R1.17: the organization is gone; every service purges its data of this organization. */
export const orgaCancelledEvent = defineEvent('evt.identity.orga.cancelled.v1', z.object({ orga_id: z.string().uuid() }));
