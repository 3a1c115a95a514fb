import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** An error Meta reported on the webhook without a message of ours (`value.errors[]`): kept for the number's page. */
@Entity('whatsapp_account_error')
@Index('ix_whatsapp_account_error_orga', ['orgaId', 'at'])
export class WhatsappAccountErrorEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'varchar', length: 40, name: 'phone_number_id' })
  phoneNumberId!: string;

  @Column({ type: 'integer', nullable: true })
  code!: number | null;

  @Column({ type: 'varchar', length: 300 })
  title!: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  details!: string | null;

  @Column({ type: 'timestamptz' })
  at!: Date;
}
