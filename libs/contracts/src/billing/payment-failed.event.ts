import { z } from 'zod';
import { defineEvent } from '../core';

/**
 * A charge the provider declined (a checkout the person failed, or the run of the 1st): the
 * organization's administrators are notified and the plan page shows it (docs/adr/0031).
 */
export const paymentFailedEvent = defineEvent(
  'evt.billing.payment.failed.v1',
  z.object({
    orga_id: z.string().uuid(),
    payment_id: z.string().uuid(),
    invoice_id: z.string().uuid(),
    amount_cents: z.number().int(),
  }),
);
