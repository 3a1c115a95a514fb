import { z } from 'zod';
import { defineEvent } from '../core';
import { tagKindSchema } from './crm-shapes';

/** Tags belong to the organization: store_id is null. */
export const tagDeletedEvent = defineEvent(
  'evt.crm.tag.deleted.v1',
  z.object({ orga_id: z.string().uuid(), store_id: z.null(), tag_id: z.string().uuid(), kind: tagKindSchema }),
);
