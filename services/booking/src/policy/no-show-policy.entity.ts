import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Issue 30 a store's no-show policy (ADR 0060); a store without a row keeps the defaults (nothing asked). */
@Entity('booking_no_show_policy')
@Index('ix_booking_no_show_policy_orga', ['orgaId'])
export class BookingNoShowPolicyEntity {
  @PrimaryColumn({ type: 'uuid', name: 'store_id' })
  storeId!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'varchar', length: 10 })
  protection!: string;

  @Column({ type: 'varchar', length: 10, name: 'deposit_kind' })
  depositKind!: string;

  /** cents */
  @Column({ type: 'integer', name: 'deposit_amount' })
  depositAmount!: number;

  @Column({ type: 'smallint', name: 'deposit_percent' })
  depositPercent!: number;

  @Column({ type: 'smallint', name: 'cancellation_window_hours' })
  cancellationWindowHours!: number;

  /** cents */
  @Column({ type: 'integer', name: 'late_cancellation_fee' })
  lateCancellationFee!: number;

  /** cents */
  @Column({ type: 'integer', name: 'no_show_fee' })
  noShowFee!: number;

  @Column({ type: 'varchar', length: 20, name: 'card_required_for' })
  cardRequiredFor!: string;

  @Column({ type: 'smallint', name: 'close_after_no_shows', nullable: true })
  closeAfterNoShows!: number | null;

  /** per language: { en?, it?, de?, fr? } */
  @Column({ type: 'jsonb', name: 'closed_message' })
  closedMessage!: Record<string, string>;

  @Column({ type: 'jsonb', name: 'widget_text' })
  widgetText!: Record<string, string>;

  @Column({ type: 'jsonb', name: 'confirmation_text' })
  confirmationText!: Record<string, string>;

  @Column({ type: 'uuid', name: 'updated_by', nullable: true })
  updatedBy!: string | null;

  @Column({ type: 'timestamptz', name: 'updated_at' })
  updatedAt!: Date;
}
