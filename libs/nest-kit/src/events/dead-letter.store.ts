import { Inject, Injectable, Optional } from '@nestjs/common';
import type { DeadLetter } from '@pawline/contracts';
import type { DataSource } from 'typeorm';
import { KIT_CONFIG, type KitConfig } from '../config/kit-config';
import { KIT_DATA_SOURCE } from '../database/kit-data-source.token';

type DeadLetterRow = {
  durable: string;
  event_id: string;
  subject: string;
  deliveries: number;
  error: string;
  envelope: unknown;
  created_at: Date;
};

/** dead_letter rows of this service: written by the consumer runner, listed over RPC, counted in health. */
@Injectable()
export class DeadLetterStore {
  constructor(
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
    @Optional() @Inject(KIT_DATA_SOURCE) private readonly dataSource: DataSource | null,
  ) {}

  get enabled(): boolean {
    return Boolean(this.dataSource);
  }

  private get table(): string {
    return `"${this.config.schema}"."dead_letter"`;
  }

  async add(entry: {
    durable: string;
    eventId: string;
    subject: string;
    envelope: unknown;
    error: string;
    deliveries: number;
  }): Promise<void> {
    if (!this.dataSource) return;
    await this.dataSource.query(
      `INSERT INTO ${this.table} ("durable", "event_id", "subject", "envelope", "error", "deliveries") VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT ("durable", "event_id") DO UPDATE SET "error" = EXCLUDED."error", "deliveries" = EXCLUDED."deliveries", "created_at" = now()`,
      [entry.durable, entry.eventId, entry.subject, JSON.stringify(entry.envelope ?? null), entry.error, entry.deliveries],
    );
  }

  async list(filter: { durable?: string | undefined; limit: number }): Promise<DeadLetter[]> {
    if (!this.dataSource) return [];
    const rows = await this.dataSource.query<DeadLetterRow[]>(
      `SELECT * FROM ${this.table} WHERE ($1::text IS NULL OR "durable" = $1) ORDER BY "created_at" DESC LIMIT $2`,
      [filter.durable ?? null, filter.limit],
    );
    return rows.map((row) => ({
      durable: row.durable,
      eventId: row.event_id,
      subject: row.subject,
      deliveries: row.deliveries,
      error: row.error,
      envelope: row.envelope,
      createdAt: new Date(row.created_at).toISOString(),
    }));
  }

  async count(): Promise<number> {
    if (!this.dataSource) return 0;
    const [row] = await this.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${this.table}`);
    return row?.n ?? 0;
  }
}
