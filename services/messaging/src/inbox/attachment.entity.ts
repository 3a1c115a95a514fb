import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** spec §3 Attachment: a file of a subject (sector `msg`: a customer's message), numbered from 0 per subject. */
@Entity('attachment')
@Index('ux_attachment_subject_sequence', ['sector', 'subjectId', 'sequence'], { unique: true })
@Index('ix_attachment_orga', ['orgaId'])
export class AttachmentEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'varchar', length: 20 })
  sector!: string;

  @Column({ type: 'uuid', name: 'subject_id' })
  subjectId!: string;

  @Column({ type: 'integer' })
  sequence!: number;

  @Column({ type: 'varchar', length: 300, name: 'storage_key' })
  storageKey!: string;

  @Column({ type: 'varchar', length: 100 })
  mime!: string;

  @Column({ type: 'varchar', length: 200, name: 'file_name' })
  fileName!: string;

  @Column({ type: 'integer' })
  size!: number;

  @Column({ type: 'varchar', length: 1024, nullable: true })
  caption!: string | null;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
