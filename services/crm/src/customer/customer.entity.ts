import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** R3.05 a customer of an organization, created in a store (listed per store or shared: R6.08). */
@Entity('customer')
@Index('ix_customer_orga_store_sort', ['orgaId', 'storeId', 'sortName', 'id'])
@Index('ix_customer_orga_sort', ['orgaId', 'sortName', 'id'])
// GIN trigram index over search_text (names, phones, e-mail, pet names); written by the migration
@Index('ix_customer_search_trgm', { synchronize: false })
export class CustomerEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'uuid', name: 'store_id' })
  storeId!: string;

  @Column({ type: 'varchar', length: 100, name: 'first_name' })
  firstName!: string;

  @Column({ type: 'varchar', length: 100, name: 'last_name', default: '' })
  lastName!: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  address!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  city!: string | null;

  @Column({ type: 'varchar', length: 20, name: 'zip_code', nullable: true })
  zipCode!: string | null;

  @Column({ type: 'varchar', length: 2, nullable: true })
  country!: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  fon!: string | null;

  @Column({ type: 'varchar', length: 40, name: 'fon_2', nullable: true })
  fon2!: string | null;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email!: string | null;

  @Column({ type: 'text', nullable: true })
  notes!: string | null;

  @Column({ type: 'text', nullable: true })
  veterinary!: string | null;

  @Column({ type: 'boolean', name: 'consent_messages', default: false })
  consentMessages!: boolean;

  @Column({ type: 'boolean', name: 'consent_reminders', default: false })
  consentReminders!: boolean;

  @Column({ type: 'boolean', name: 'consent_marketing', default: false })
  consentMarketing!: boolean;

  /** lower(last_name first_name): the sort key of the list, with id as tie-breaker for paging. */
  @Column({ type: 'varchar', length: 201, name: 'sort_name' })
  sortName!: string;

  /** Lower-cased names, e-mail, phone digits and pet names: what search matches. */
  @Column({ type: 'text', name: 'search_text', default: '' })
  searchText!: string;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
