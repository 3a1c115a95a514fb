import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { CustomerEntity } from '../customer/customer.entity';
import { TagEntity } from './tag.entity';

/** R3.05 a customer's tag with its order. */
@Entity('customer_tag')
@Index('ix_customer_tag_tag', ['tagId'])
export class CustomerTagEntity {
  @PrimaryColumn({ type: 'uuid', name: 'customer_id' })
  customerId!: string;

  @PrimaryColumn({ type: 'uuid', name: 'tag_id' })
  tagId!: string;

  @ManyToOne(() => CustomerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'customer_id', foreignKeyConstraintName: 'fk_customer_tag_customer' })
  customer?: CustomerEntity;

  @ManyToOne(() => TagEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tag_id', foreignKeyConstraintName: 'fk_customer_tag_tag' })
  tag?: TagEntity;

  @Column({ type: 'integer', name: 'tag_order', default: 0 })
  tagOrder!: number;
}
