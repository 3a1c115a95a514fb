import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A photo a sandbox customer sent: what fetchMedia answers for its media id. */
@Entity('sandbox_media')
export class SandboxMediaEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'varchar', length: 100, name: 'phone_number_id' })
  phoneNumberId!: string;

  @Column({ type: 'varchar', length: 100, name: 'mime_type' })
  mimeType!: string;

  @Column({ type: 'bytea' })
  bytes!: Buffer;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
