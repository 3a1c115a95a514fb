import { z } from 'zod';
import { defineRpc } from '../core';
import { MANDATORY_CUSTOMER_INFO_MAX } from '../constants/pets';
import { crmSettingsSchema, mandatoryCustomerInfoSchema, petCheckoutSchema } from './crm-shapes';

/** R5.13 mandatory customer information (at most 3 options) and pet information at checkout. Organization admins. */
export const updateCrmSettingsRpc = defineRpc(
  'rpc.crm.settings.update',
  z.strictObject({
    orga_id: z.string().uuid(),
    mandatory_customer_info: z.array(mandatoryCustomerInfoSchema).max(MANDATORY_CUSTOMER_INFO_MAX).optional(),
    pet_checkout: petCheckoutSchema.optional(),
  }),
  crmSettingsSchema,
);
