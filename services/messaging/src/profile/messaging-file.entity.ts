import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A stored file of messaging: the WhatsApp profile image (spec §3 file kind whatsapp_profile, R9.04). */
@Entity('messaging_file')
@Index('ix_messaging_file_orga', ['orgaId', 'kind'])
export class MessagingFileEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'varchar', length: 30 })
  kind!: string;

  @Column({ type: 'varchar', length: 200, name: 'file_name' })
  fileName!: string;

  @Column({ type: 'varchar', length: 100 })
  mime!: string;

  @Column({ type: 'integer' })
  size!: number;

  @Column({ type: 'varchar', length: 200, name: 'storage_key' })
  storageKey!: string;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}

/** Parts of an upload in flight (NATS carries 512 KiB at a time); removed when it finishes or is abandoned. */
@Entity('messaging_upload_part')
@Index('ix_messaging_upload_part_created', ['createdAt'])
export class MessagingUploadPartEntity {
  @PrimaryColumn({ type: 'uuid', name: 'upload_id' })
  uploadId!: string;

  @PrimaryColumn({ type: 'integer', name: 'part_offset' })
  partOffset!: number;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'integer', name: 'total_size' })
  totalSize!: number;

  @Column({ type: 'bytea' })
  data!: Buffer;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
