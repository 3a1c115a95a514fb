import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** R1.15 a secret iCal feed of a store, or of one staff member in it; only the token's sha256 is kept. */
@Entity('calendar_feed')
@Index('ux_calendar_feed_token', ['tokenHash'], { unique: true })
@Index('ix_calendar_feed_store_user', ['storeId', 'userId'])
export class CalendarFeedEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'uuid', name: 'store_id' })
  storeId!: string;

  @Column({ type: 'uuid', name: 'user_id', nullable: true })
  userId!: string | null;

  /** who made the feed: it shows what they may read and stops when they may not (docs/adr/0010); null = made before, refused */
  @Column({ type: 'uuid', name: 'created_by', nullable: true })
  createdBy!: string | null;

  @Column({ type: 'varchar', length: 64, name: 'token_hash' })
  tokenHash!: string;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
