import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A WhatsApp profile update request (spec §4, R4.14): in_progress until the provider (or, in the
 * sandbox, the review job) makes it live. The newest live one is the organization's live profile.
 */
@Entity('whatsapp_profile_request')
@Index('ix_whatsapp_profile_request_orga', ['orgaId', 'requestedAt'])
@Index('ix_whatsapp_profile_request_status', ['status', 'requestedAt'])
export class WhatsappProfileRequestEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'varchar', length: 75 })
  name!: string;

  @Column({ type: 'varchar', length: 139 })
  about!: string;

  @Column({ type: 'uuid', name: 'image_file_id', nullable: true })
  imageFileId!: string | null;

  /** 'in_progress' | 'live' | 'replaced' (a newer request came before it went live) */
  @Column({ type: 'varchar', length: 20 })
  status!: string;

  @Column({ type: 'timestamptz', name: 'requested_at' })
  requestedAt!: Date;

  /** 7 working days after the request's local day */
  @Column({ type: 'date', name: 'due_by' })
  dueBy!: string;

  @Column({ type: 'timestamptz', name: 'live_at', nullable: true })
  liveAt!: Date | null;
}
