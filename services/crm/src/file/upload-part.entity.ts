import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A received part of an upload in progress (any instance of the service may receive the next part). */
@Entity('upload_part')
@Index('ix_upload_part_created', ['createdAt'])
export class UploadPartEntity {
  @PrimaryColumn({ type: 'uuid', name: 'upload_id' })
  uploadId!: string;

  @PrimaryColumn({ type: 'integer', name: 'part_offset' })
  partOffset!: number;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'uuid', name: 'owner_id' })
  ownerId!: string;

  @Column({ type: 'varchar', length: 20 })
  kind!: string;

  @Column({ type: 'integer', name: 'total_size' })
  totalSize!: number;

  @Column({ type: 'bytea' })
  data!: Buffer;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
