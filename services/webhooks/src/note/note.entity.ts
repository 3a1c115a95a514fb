import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** An organization's note (the generated example; migrations/1796672046491-webhooks-init.ts creates it). */
@Entity('note')
@Index('ix_note_orga_created', ['orgaId', 'createdAt'])
export class WebhooksNoteEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'varchar', length: 500 })
  text!: string;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
