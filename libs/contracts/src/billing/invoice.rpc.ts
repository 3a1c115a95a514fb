import { z } from 'zod';
import { defineRpc } from '../core';
import { invoiceSchema } from './billing-shapes';

/** The organization's invoices, newest first (organization administrators). */
export const listInvoicesRpc = defineRpc(
  'rpc.billing.invoice.list',
  z.strictObject({ orga_id: z.string().uuid() }),
  z.object({ v: z.array(invoiceSchema) }),
);

/** An invoice as a file: PDF, or FatturaPA XML (FPR12) for an Italian company. */
export const readInvoiceDocumentRpc = defineRpc(
  'rpc.billing.invoice.document',
  z.strictObject({ orga_id: z.string().uuid(), invoice_id: z.string().uuid(), format: z.enum(['pdf', 'xml']) }),
  z.object({ file_name: z.string(), mime: z.string(), data_base64: z.string() }),
);

/**
 * The billing run of the 1st (no caller's auth: the service's own timer and operators over NATS; no
 * gateway route). Safe to run twice: one invoice per organization and month.
 */
export const runBillingRpc = defineRpc(
  'rpc.billing.run.monthly',
  z.strictObject({ period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/), now: z.string().optional() }),
  z.object({ invoiced: z.number().int(), retried: z.number().int(), skipped: z.number().int(), lapsed: z.number().int() }),
);
