import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One reminder type's run for one store and local day: the scheduler skips a run that finished, so a tick
 * every minute costs one read after the slot; the counts tell support what a run found, sent and refused.
 */
@Entity('reminder_run')
export class ReminderRunEntity {
  @PrimaryColumn({ type: 'uuid', name: 'store_id' })
  storeId!: string;

  /** spec §3 template type 0, 1, 2 or 4 */
  @PrimaryColumn({ type: 'smallint', name: 'template_type' })
  templateType!: number;

  /** the store's local day the run belongs to */
  @PrimaryColumn({ type: 'date', name: 'local_date' })
  localDate!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  /** the slot's instant that day (DST resolved) */
  @Column({ type: 'timestamptz', name: 'due_at' })
  dueAt!: Date;

  @Column({ type: 'timestamptz', name: 'finished_at' })
  finishedAt!: Date;

  /** reminders written this run: queued, and refused for the plan's quota */
  @Column({ type: 'integer', default: 0 })
  queued!: number;

  @Column({ type: 'integer', name: 'over_quota', default: 0 })
  overQuota!: number;
}
