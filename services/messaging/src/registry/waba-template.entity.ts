import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { RegisteredSlot } from '@pawline/domain';

/**
 * One of our templates registered in a salon's WhatsApp Business Account in one language (and, for an own
 * template, one version): what was submitted, Meta's id for it and its review. Only an approved one is sent.
 */
@Entity('waba_template')
@Index('ux_waba_template_name', ['orgaId', 'wabaId', 'name', 'language'], { unique: true })
@Index('ix_waba_template_key', ['orgaId', 'templateKey', 'language'])
@Index('ix_waba_template_provider', ['wabaId', 'providerTemplateId'])
export class WabaTemplateEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'varchar', length: 40, name: 'waba_id' })
  wabaId!: string;

  /** 'type:0' … 'type:4' (built-in), 'booking:<kind>', 'own:<message_template id>' */
  @Column({ type: 'varchar', length: 60, name: 'template_key' })
  templateKey!: string;

  /** WhatsApp's name, with the version */
  @Column({ type: 'varchar', length: 512 })
  name!: string;

  @Column({ type: 'varchar', length: 10 })
  language!: string;

  /** 'UTILITY' | 'MARKETING' */
  @Column({ type: 'varchar', length: 20 })
  category!: string;

  @Column({ type: 'integer' })
  version!: number;

  /** the registered body, placeholders {{1}}…{{n}} */
  @Column({ type: 'text' })
  body!: string;

  /** one per placeholder: the anchor and the optional variables folded into it (registered-template.ts) */
  @Column({ type: 'jsonb' })
  slots!: RegisteredSlot[];

  /** spec §3 button set 0–3 */
  @Column({ type: 'smallint' })
  button!: number;

  @Column({ type: 'varchar', length: 40, name: 'provider_template_id', nullable: true })
  providerTemplateId!: string | null;

  /** 'pending' | 'approved' | 'rejected' | 'paused' | 'disabled' | 'refused' (the creation itself was refused) */
  @Column({ type: 'varchar', length: 20 })
  status!: string;

  /** Meta's reason code (INVALID_FORMAT …) or, when refused, its error code and subcode */
  @Column({ type: 'varchar', length: 60, nullable: true })
  reason!: string | null;

  /** Meta's words on it (rejection_info, the error's message) */
  @Column({ type: 'varchar', length: 500, name: 'reason_detail', nullable: true })
  reasonDetail!: string | null;

  /** when the status last moved (a late, older webhook does not move it back) */
  @Column({ type: 'timestamptz', name: 'status_at', default: () => 'now()' })
  statusAt!: Date;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
