import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { CustomerEntity } from '../customer/customer.entity';

/** R3.06 a pet; deleting its owner deletes it. */
@Entity('pet')
@Index('ix_pet_customer', ['customerId'])
@Index('ix_pet_orga_store_name', ['orgaId', 'storeId', 'name', 'id'])
@Index('ix_pet_orga_name', ['orgaId', 'name', 'id'])
// GIN trigram index over lower(name) for the pet list's search; written by the migration
@Index('ix_pet_name_trgm', { synchronize: false })
export class PetEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'uuid', name: 'store_id' })
  storeId!: string;

  @Column({ type: 'uuid', name: 'customer_id' })
  customerId!: string;

  @ManyToOne(() => CustomerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'customer_id', foreignKeyConstraintName: 'fk_pet_customer' })
  customer?: CustomerEntity;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'smallint', name: 'pet_type', default: 0 })
  petType!: number;

  @Column({ type: 'varchar', length: 100, nullable: true })
  breed!: string | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  hair!: string | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  size!: string | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  sex!: string | null;

  @Column({ type: 'date', nullable: true })
  born!: string | null;

  @Column({ type: 'double precision', nullable: true })
  weight!: number | null;

  @Column({ type: 'text', nullable: true })
  allergies!: string | null;

  @Column({ type: 'boolean', nullable: true })
  sterilized!: boolean | null;

  @Column({ type: 'boolean', nullable: true })
  vaccinated!: boolean | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  colour!: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  microchip!: string | null;

  @Column({ type: 'text', nullable: true })
  attitude!: string | null;

  @Column({ type: 'text', nullable: true })
  notes!: string | null;

  @Column({ type: 'text', nullable: true })
  medical!: string | null;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
