import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A stored customer privacy file or pet image; the bytes live behind the storage port under storage_key. */
@Entity('stored_file')
@Index('ix_stored_file_owner', ['ownerId', 'kind'])
@Index('ix_stored_file_customer', ['customerId'])
export class StoredFileEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'uuid', name: 'store_id' })
  storeId!: string;

  @Column({ type: 'varchar', length: 20 })
  kind!: string;

  /** customer id (customer_privacy) or pet id (pet_image) */
  @Column({ type: 'uuid', name: 'owner_id' })
  ownerId!: string;

  /** the customer the file belongs to, also for pet images: deleting a customer finds every file */
  @Column({ type: 'uuid', name: 'customer_id' })
  customerId!: string;

  @Column({ type: 'varchar', length: 200, name: 'file_name' })
  fileName!: string;

  @Column({ type: 'varchar', length: 100 })
  mime!: string;

  @Column({ type: 'integer' })
  size!: number;

  @Column({ type: 'varchar', length: 300, name: 'storage_key' })
  storageKey!: string;

  @Column({ type: 'varchar', length: 300, name: 'thumbnail_key', nullable: true })
  thumbnailKey!: string | null;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
