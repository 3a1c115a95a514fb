import { z } from 'zod';
import { defineRpc } from '../core';
import { careSettingsInputSchema, careSettingsSchema } from './care-shapes';
import { storeScopeSchema } from './crm-shapes';

/** Issue 31 saves a store's care settings (store administrators). */
export const updateCareSettingsRpc = defineRpc(
  'rpc.crm.care-settings.update',
  z.strictObject({ ...storeScopeSchema, ...careSettingsInputSchema }),
  careSettingsSchema,
);
