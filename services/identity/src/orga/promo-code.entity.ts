import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A registration promo code (R1.13): its effect is extra free-trial days. Codes are stored upper-case. */
@Entity('promo_code')
export class PromoCodeEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  code!: string;

  @Column({ type: 'integer', name: 'extra_trial_days' })
  extraTrialDays!: number;

  @Column({ type: 'timestamptz', name: 'expires_at', nullable: true })
  expiresAt!: Date | null;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
