import { z } from 'zod';
import { defineRpc } from '../core';
import { careSettingsSchema } from './care-shapes';
import { storeScopeSchema } from './crm-shapes';

/** Issue 31 a store's care settings (defaults while never saved: nothing required, 30 days, warn). */
export const getCareSettingsRpc = defineRpc('rpc.crm.care-settings.get', z.strictObject({ ...storeScopeSchema }), careSettingsSchema);
