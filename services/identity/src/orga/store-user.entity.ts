import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { OrgaUserEntity } from './orga-user.entity';
import { StoreEntity } from './store.entity';

/** A store-level rank override of a membership (spec §3 store_override / store_users). */
@Entity('store_user')
@Index('uq_store_user_member_store', ['orgaUserId', 'storeId'], { unique: true })
@Index('ix_store_user_store_id', ['storeId'])
export class StoreUserEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_user_id' })
  orgaUserId!: string;

  @ManyToOne(() => OrgaUserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'orga_user_id', foreignKeyConstraintName: 'fk_store_user_orga_user' })
  orgaUser?: OrgaUserEntity;

  @Column({ type: 'uuid', name: 'store_id' })
  storeId!: string;

  @ManyToOne(() => StoreEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'store_id', foreignKeyConstraintName: 'fk_store_user_store' })
  store?: StoreEntity;

  @Column({ type: 'smallint' })
  rank!: number;
}
