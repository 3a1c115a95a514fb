import { z } from 'zod';
import { defineEvent } from '../core';

export const storeDeletedEvent = defineEvent(
  'evt.identity.store.deleted.v1',
  z.object({ orga_id: z.string().uuid(), store_id: z.string().uuid() }),
);
