import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A charge's request to the payment provider, fixed with its idempotency key (ADR 0046). */
@Entity('charge_request')
@Index('ix_charge_request_orga', ['orgaId'])
export class ChargeRequestEntity {
  /** our charge's key: invoice:<id>:<attempt> for a checkout, monthly:<orga>:<period>:<attempt> for the run */
  @PrimaryColumn({ type: 'varchar', length: 150, name: 'idempotency_key' })
  idempotencyKey!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'varchar', length: 20 })
  provider!: string;

  /** the provider's parameters, sent as they are on every retry of the key */
  @Column({ type: 'jsonb' })
  params!: unknown;

  /** the invoice lines a month's first charge was for: a run rolled back makes its invoice again from them */
  @Column({ type: 'jsonb', name: 'invoice_lines', nullable: true })
  invoiceLines!: unknown;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
