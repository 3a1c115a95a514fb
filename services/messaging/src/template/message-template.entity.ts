import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** An organization's own message template (spec §3, R3.13); the built-in ones live in libs/domain. */
@Entity('message_template')
@Index('ix_message_template_orga', ['orgaId', 'templateType'])
export class MessageTemplateEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'smallint', name: 'template_type' })
  templateType!: number;

  /** WhatsApp's name for it: pawline_<orga>_<id> */
  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 100 })
  title!: string;

  @Column({ type: 'varchar', length: 1024, name: 'template_text' })
  templateText!: string;

  @Column({ type: 'varchar', length: 400, name: 'variables_str' })
  variablesStr!: string;

  @Column({ type: 'smallint' })
  button!: number;

  @Column({ type: 'varchar', length: 20, nullable: true })
  frequency!: string | null;

  /** a change of an approved template is a new version, registered with WhatsApp under a new name */
  @Column({ type: 'integer', default: 1 })
  version!: number;

  /** 'approved' | 'pending' | 'rejected' (WhatsApp's review of its newest version) */
  @Column({ type: 'varchar', length: 20 })
  status!: string;

  @Column({ type: 'varchar', length: 2 })
  language!: string;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
