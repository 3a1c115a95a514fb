import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An organization's plan and paid period; billing owns it, identity mirrors tier and dates (ADR 0028). */
@Entity('subscription')
export class SubscriptionEntity {
  @PrimaryColumn({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'varchar', length: 20, name: 'plan_id' })
  planId!: string;

  @Column({ type: 'integer' })
  tier!: number;

  /** Customized: the price agreed with support */
  @Column({ type: 'integer', name: 'custom_monthly_cents', nullable: true })
  customMonthlyCents!: number | null;

  /** Customized: the limits an operator agreed (docs/adr/0031); null: the plan's defaults */
  @Column({ type: 'jsonb', name: 'plan_limits', nullable: true })
  planLimits!: Record<string, number | null> | null;

  @Column({ type: 'timestamptz', name: 'orga_created_at' })
  orgaCreatedAt!: Date;

  @Column({ type: 'timestamptz', name: 'trial_ends_at' })
  trialEndsAt!: Date;

  @Column({ type: 'timestamptz', name: 'subscribed_since', nullable: true })
  subscribedSince!: Date | null;

  /** the end of the period paid for */
  @Column({ type: 'timestamptz', name: 'paid_through', nullable: true })
  paidThrough!: Date | null;

  /** subscribed during the trial: the plan that starts, and is charged, when the trial ends */
  @Column({ type: 'varchar', length: 20, name: 'scheduled_plan_id', nullable: true })
  scheduledPlanId!: string | null;

  /** a downgrade waiting for the 1st */
  @Column({ type: 'varchar', length: 20, name: 'next_plan_id', nullable: true })
  nextPlanId!: string | null;

  /** upgrade differences below the provider's minimum charge, billed with the next month (ADR 0046) */
  @Column({ type: 'jsonb', name: 'carried_lines', default: () => "'[]'" })
  carriedLines!: unknown;

  @Column({ type: 'uuid', name: 'pending_payment_id', nullable: true })
  pendingPaymentId!: string | null;

  @Column({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
