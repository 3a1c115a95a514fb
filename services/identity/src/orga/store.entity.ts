import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { PlaceColumns } from './address-columns';
import { OrganizationEntity } from './organization.entity';

@Entity('store')
@Index('ix_store_orga_id', ['orgaId'])
export class StoreEntity extends PlaceColumns {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'orga_id', foreignKeyConstraintName: 'fk_store_orga' })
  organization?: OrganizationEntity;

  @Column({ type: 'boolean', name: 'address_from_orga', default: true })
  addressFromOrga!: boolean;

  @Column({ type: 'varchar', length: 40, nullable: true })
  phone!: string | null;

  /** IANA zone; defaults by country at creation. */
  @Column({ type: 'varchar', length: 64, name: 'time_zone' })
  timeZone!: string;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
