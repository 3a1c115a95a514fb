import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { OrganizationEntity } from './organization.entity';

@Entity('store')
@Index('ix_store_orga_id', ['orgaId'])
export class StoreEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @ManyToOne(() => OrganizationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'orga_id', foreignKeyConstraintName: 'fk_store_orga' })
  organization?: OrganizationEntity;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  address!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  city!: string | null;

  @Column({ type: 'varchar', length: 20, name: 'zip_code', nullable: true })
  zipCode!: string | null;

  @Column({ type: 'varchar', length: 2 })
  country!: string;

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
