import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A charge of an invoice at the payment provider: attempt 1, then a retry a day while the invoice is unpaid. */
@Entity('payment')
@Index('ux_payment_invoice_attempt', ['invoiceId', 'attempt'], { unique: true })
@Index('ix_payment_orga', ['orgaId'])
export class PaymentEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'uuid', name: 'invoice_id' })
  invoiceId!: string;

  @Column({ type: 'integer' })
  attempt!: number;

  @Column({ type: 'integer', name: 'amount_cents' })
  amountCents!: number;

  @Column({ type: 'varchar', length: 10 })
  status!: string;

  @Column({ type: 'varchar', length: 20 })
  provider!: string;

  @Column({ type: 'varchar', length: 100, name: 'provider_ref', nullable: true })
  providerRef!: string | null;

  /** a checkout paid on the provider's hosted page (Stripe Checkout): where the person goes; null for the sandbox */
  @Column({ type: 'varchar', length: 2048, name: 'redirect_url', nullable: true })
  redirectUrl!: string | null;

  /** charge: money for its invoice; setup: a method saved during the trial, the invoice charged when it ends */
  @Column({ type: 'varchar', length: 10, default: 'charge' })
  purpose!: string;

  /** the plan the payment buys (a checkout) */
  @Column({ type: 'varchar', length: 20, name: 'plan_id' })
  planId!: string;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  /** when the provider answered it (paid or declined); null while pending */
  @Column({ type: 'timestamptz', name: 'answered_at', nullable: true })
  answeredAt!: Date | null;
}
