import { Injectable } from '@nestjs/common';
import type { InvoiceLine } from '@pawline/domain';
import { DataSource } from 'typeorm';
import type { FixedCharge } from './payment-provider';

/**
 * Each charge's request, fixed when its idempotency key is first used and kept with it (charge_request). It is
 * written on its own connection and committed at once, outside the run's transaction: a run rolled back after
 * the provider charged leaves it behind, so the next run sends exactly the same body under the same key, and
 * invoices exactly what that body charged (ADR 0046).
 */
@Injectable()
export class ChargeRequests {
  constructor(private readonly db: DataSource) {}

  /** The request of a key: the one given, the first time; the one kept, every time after. */
  async fix(key: string, orgaId: string, provider: string, params: unknown, lines: InvoiceLine[] | null): Promise<FixedCharge> {
    const inserted = await this.db.query<{ created_at: Date }[]>(
      `INSERT INTO charge_request (idempotency_key, orga_id, provider, params, invoice_lines) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb)
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING created_at`,
      [key, orgaId, provider, JSON.stringify(params), lines ? JSON.stringify(lines) : null],
    );
    if (inserted[0]) return { key, orgaId, params, createdAt: new Date(inserted[0].created_at), resent: false };
    const [kept] = await this.db.query<{ orga_id: string; provider: string; params: unknown; created_at: Date }[]>(
      `SELECT orga_id, provider, params, created_at FROM charge_request WHERE idempotency_key = $1`,
      [key],
    );
    // a key made under another provider (the configuration changed) is not sent to this one
    if (!kept || kept.orga_id !== orgaId || kept.provider !== provider) throw new Error(`charge ${key} was fixed for another provider`);
    return { key, orgaId, params: kept.params, createdAt: new Date(kept.created_at), resent: true };
  }

  /** The invoice lines a key's request charged, if it was sent before (the invoice is made again from them). */
  async linesOf(key: string): Promise<InvoiceLine[] | null> {
    const [kept] = await this.db.query<{ invoice_lines: InvoiceLine[] | null }[]>(
      `SELECT invoice_lines FROM charge_request WHERE idempotency_key = $1`,
      [key],
    );
    return kept?.invoice_lines ?? null;
  }
}
