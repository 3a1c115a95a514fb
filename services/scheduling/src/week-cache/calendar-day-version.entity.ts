import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The version of one local day of a store's calendar: written only by the triggers of migration 1764300000000. */
@Entity('calendar_day_version')
export class CalendarDayVersionEntity {
  @PrimaryColumn({ type: 'uuid', name: 'store_id' })
  storeId!: string;

  @PrimaryColumn({ type: 'date', name: 'local_date' })
  localDate!: string;

  @Column({ type: 'bigint' })
  version!: string;
}
