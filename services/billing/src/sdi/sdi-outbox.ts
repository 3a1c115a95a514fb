import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { sdiFileName, sdiProgressive, transmitterId, wantsFatturaPa } from '../invoice/fattura-pa';
import type { InvoiceCustomer } from '../invoice/invoice-document';

/** The e-invoices waiting for the SdI: one file per paid invoice of an Italian customer. */
@Injectable()
export class SdiOutbox {
  /**
   * A paid invoice's e-invoice is queued for the SdI in the transaction that paid it, once: for services
   * the sale takes place when it is paid, and an invoice never paid (an abandoned checkout) is never sent.
   */
  async queue(manager: EntityManager, invoiceId: string): Promise<void> {
    const [invoice] = await manager.query<{ orga_id: string; customer: InvoiceCustomer }[]>(
      `SELECT orga_id, customer FROM invoice WHERE id = $1`,
      [invoiceId],
    );
    if (!invoice || !wantsFatturaPa(invoice)) return;
    const [next] = await manager.query<{ n: string }[]>(`SELECT nextval('sdi_file_seq') AS n`);
    const progressive = sdiProgressive(Number(next?.n));
    await manager.query(
      `INSERT INTO sdi_transmission (invoice_id, orga_id, progressive, file_name) VALUES ($1, $2, $3, $4) ON CONFLICT (invoice_id) DO NOTHING`,
      [invoiceId, invoice.orga_id, progressive, sdiFileName({ transmitterId: transmitterId(), progressive })],
    );
  }
}
