import { Column, PrimaryColumn } from 'typeorm';

/**
 * The columns every stored mail has (outgoing_mail, sandbox_mail): who to, what, and when it was
 * made. Not an entity itself; each table's entity extends it and adds its own columns and indexes.
 */
export abstract class MailColumns {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 254, name: 'to' })
  to!: string;

  @Column({ type: 'text' })
  subject!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'text' })
  html!: string;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
