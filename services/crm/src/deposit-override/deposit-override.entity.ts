import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { CustomerEntity } from '../customer/customer.entity';

/** Issue 30 staff's deposit choice for one customer over the no-show risk rule; no row is 'automatic'. */
@Entity('customer_deposit_override')
@Index('ix_customer_deposit_override_orga', ['orgaId'])
export class CustomerDepositOverrideEntity {
  @PrimaryColumn({ type: 'uuid', name: 'customer_id' })
  customerId!: string;

  @ManyToOne(() => CustomerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'customer_id', foreignKeyConstraintName: 'fk_customer_deposit_override_customer' })
  customer?: CustomerEntity;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  /** automatic | always | never */
  @Column({ type: 'varchar', length: 10 })
  mode!: string;

  @Column({ type: 'uuid', name: 'set_by', nullable: true })
  setBy!: string | null;

  @Column({ type: 'timestamptz', name: 'set_at' })
  setAt!: Date;
}
