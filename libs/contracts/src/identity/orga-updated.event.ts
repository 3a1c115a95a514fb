import { z } from 'zod';
import { defineEvent } from '../core';

/** Organization data or settings changed (guards drop their membership cache on evt.identity.orga.*). */
export const orgaUpdatedEvent = defineEvent(
  'evt.identity.orga.updated.v1',
  z.object({ orga_id: z.string().uuid(), fields: z.array(z.string()) }),
);
