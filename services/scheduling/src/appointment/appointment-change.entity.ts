import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A change of appointments (move, resize, edit, delete, status) with the rows before and after it, kept for
 * UNDO_WINDOW_MINUTES so any device can undo it through the server (ADR 0043); older ones are removed as new
 * ones are written.
 */
@Entity('appointment_change')
@Index('ix_appointment_change_made', ['madeAt'])
export class AppointmentChangeEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'uuid', name: 'store_id' })
  storeId!: string;

  @Column({ type: 'varchar', length: 10 })
  kind!: string;

  @Column({ type: 'uuid', name: 'target_id' })
  targetId!: string;

  @Column({ type: 'jsonb' })
  before!: unknown;

  @Column({ type: 'jsonb' })
  after!: unknown;

  @Column({ type: 'timestamptz', name: 'made_at', default: () => 'now()' })
  madeAt!: Date;

  @Column({ type: 'timestamptz', name: 'undone_at', nullable: true })
  undoneAt!: Date | null;
}
