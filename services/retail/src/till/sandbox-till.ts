import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { FiscalTill, TillDocument, TillReceipt } from './fiscal-till.port';

/**
 * The sandbox till: refuses what a certified till refuses (no lines, a total that is not the lines' sum,
 * a negative amount) and numbers documents per store, "SANDBOX-nnnn", one after the other without gaps
 * (the counter row is locked by its update, so two sales at once get two numbers).
 */
@Injectable()
export class SandboxTill implements FiscalTill {
  async issue(manager: EntityManager, document: TillDocument): Promise<TillReceipt> {
    if (document.lines.length === 0) throw new Error('till: a document needs a line');
    const sum = document.lines.reduce((acc, line) => acc + line.unit_price_cents * line.quantity - line.discount_cents, 0);
    if (sum !== document.total_cents || document.lines.some((line) => line.unit_price_cents < 0 || line.discount_cents < 0))
      throw new Error('till: the total is not the sum of the lines');
    const rows = await manager.query<{ last_number: number }[]>(
      `INSERT INTO till_counter (store_id, orga_id, last_number) VALUES ($1, $2, 1)
       ON CONFLICT (store_id) DO UPDATE SET last_number = till_counter.last_number + 1
       RETURNING last_number`,
      [document.store_id, document.orga_id],
    );
    const number = rows[0]?.last_number ?? 0;
    return { document_number: `SANDBOX-${String(number).padStart(4, '0')}` };
  }
}
