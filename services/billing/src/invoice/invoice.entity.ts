import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** An invoice with its lines, VAT and the customer as it was when issued. */
@Entity('invoice')
@Index('ux_invoice_key', ['idempotencyKey'], { unique: true })
@Index('ix_invoice_orga', ['orgaId', 'issuedAt'])
export class InvoiceEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  /** monthly:<orga>:<period> or first:<orga>:<checkout>: one invoice per key, however often the run starts */
  @Column({ type: 'varchar', length: 120, name: 'idempotency_key' })
  idempotencyKey!: string;

  @Column({ type: 'integer', name: 'number_year' })
  numberYear!: number;

  @Column({ type: 'integer', name: 'number_seq' })
  numberSeq!: number;

  @Column({ type: 'varchar', length: 7 })
  period!: string;

  @Column({ type: 'varchar', length: 12 })
  kind!: string;

  @Column({ type: 'varchar', length: 20, name: 'plan_id' })
  planId!: string;

  @Column({ type: 'timestamptz', name: 'issued_at' })
  issuedAt!: Date;

  @Column({ type: 'jsonb' })
  lines!: unknown;

  @Column({ type: 'jsonb' })
  customer!: unknown;

  @Column({ type: 'integer', name: 'net_cents' })
  netCents!: number;

  @Column({ type: 'integer', name: 'vat_percent' })
  vatPercent!: number;

  @Column({ type: 'integer', name: 'vat_cents' })
  vatCents!: number;

  @Column({ type: 'integer', name: 'gross_cents' })
  grossCents!: number;

  @Column({ type: 'varchar', length: 10 })
  status!: string;
}

/** The last invoice number of a year (numbered 1, 2, … each year). */
@Entity('invoice_number')
export class InvoiceNumberEntity {
  @PrimaryColumn({ type: 'integer' })
  year!: number;

  @Column({ type: 'integer' })
  last!: number;
}
