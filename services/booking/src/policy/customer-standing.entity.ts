import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Issue 30 crm's customers as online booking matches them (phone keys, e-mail) with their no-shows, from crm's
 * customer-standing events: a request is refused by one indexed read, without asking crm. Deleted ones stay as
 * tombstones so a late event does not revive them.
 */
@Entity('booking_customer_standing')
@Index('ix_booking_customer_standing_phone', ['storeId', 'phoneKey'])
@Index('ix_booking_customer_standing_phone_2', ['storeId', 'phoneKey2'])
@Index('ix_booking_customer_standing_email', ['storeId', 'emailKey'])
@Index('ix_booking_customer_standing_orga', ['orgaId'])
export class BookingCustomerStandingEntity {
  @PrimaryColumn({ type: 'uuid', name: 'customer_id' })
  customerId!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'uuid', name: 'store_id' })
  storeId!: string;

  @Column({ type: 'varchar', length: 20, name: 'phone_key', nullable: true })
  phoneKey!: string | null;

  @Column({ type: 'varchar', length: 20, name: 'phone_key_2', nullable: true })
  phoneKey2!: string | null;

  @Column({ type: 'varchar', length: 254, name: 'email_key', nullable: true })
  emailKey!: string | null;

  @Column({ type: 'integer', name: 'no_shows' })
  noShows!: number;

  @Column({ type: 'boolean' })
  deleted!: boolean;

  @Column({ type: 'varchar', length: 40 })
  version!: string;
}
