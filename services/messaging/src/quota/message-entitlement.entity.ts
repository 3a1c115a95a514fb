import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Where an organization's monthly messages come from, with its history: 'trial' (50 in the first 30
 * days), 'tier_default' (the example plan, 500 a month, for a paid tier billing has not named a plan
 * for), 'plan' (written by billing, a later issue). The newest row valid now counts.
 */
@Entity('message_entitlement')
@Index('ix_message_entitlement_orga', ['orgaId', 'validFrom'])
export class MessageEntitlementEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'varchar', length: 20 })
  source!: string;

  @Column({ type: 'integer' })
  monthly!: number;

  @Column({ type: 'timestamptz', name: 'valid_from' })
  validFrom!: Date;

  @Column({ type: 'timestamptz', name: 'valid_until', nullable: true })
  validUntil!: Date | null;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
