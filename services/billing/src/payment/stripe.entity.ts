import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The Stripe customer of an organization and the card its checkout saved for the run of the 1st (ADR 0032). */
@Entity('stripe_customer')
export class StripeCustomerEntity {
  @PrimaryColumn({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'varchar', length: 100, name: 'customer_id' })
  customerId!: string;

  @Column({ type: 'varchar', length: 100, name: 'payment_method', nullable: true })
  paymentMethod!: string | null;
}

/** A Stripe webhook event applied (its id once): a second delivery of it changes nothing. */
@Entity('stripe_event')
export class StripeEventEntity {
  @PrimaryColumn({ type: 'varchar', length: 100 })
  id!: string;

  @Column({ type: 'varchar', length: 100 })
  type!: string;

  @Column({ type: 'timestamptz', name: 'received_at', default: () => 'now()' })
  receivedAt!: Date;
}
