import { z } from 'zod';
import { defineRpc } from '../core';
import { reminderSettingsFieldsSchema, reminderSettingsSchema } from './messaging-core-shapes';

/**
 * Changes the reminder settings (organization administrators). Templates must be of the setting's type
 * and visible to the organization (validation_failed otherwise); pre_appointment_days below 2 become 2 (R5.12).
 */
export const updateReminderSettingsRpc = defineRpc(
  'rpc.messaging.settings.update',
  reminderSettingsFieldsSchema.extend({ orga_id: z.string().uuid() }),
  reminderSettingsSchema,
);
