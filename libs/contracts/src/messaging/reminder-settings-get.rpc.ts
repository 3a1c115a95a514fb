import { z } from 'zod';
import { defineRpc } from '../core';
import { reminderSettingsSchema } from './messaging-core-shapes';

/** The organization's reminder settings (R3.14), defaults when never saved (R1.06, R9.03: on, 12:00 the day before). Members. */
export const getReminderSettingsRpc = defineRpc(
  'rpc.messaging.settings.get',
  z.strictObject({ orga_id: z.string().uuid() }),
  reminderSettingsSchema,
);
