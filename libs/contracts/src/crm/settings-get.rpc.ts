import { z } from 'zod';
import { defineRpc } from '../core';
import { crmSettingsSchema } from './crm-shapes';

/** The organization's crm settings (R5.13); defaults when never saved. */
export const getCrmSettingsRpc = defineRpc('rpc.crm.settings.get', z.strictObject({ orga_id: z.string().uuid() }), crmSettingsSchema);
