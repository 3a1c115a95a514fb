import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * scheduling's appointments as crm needs them for a customer's no-shows (issue 26): the pets of each appointment and
 * whether the customer did not come (status 3). Kept from scheduling's events, newest version winning; a deleted
 * appointment stays as a tombstone so a late event does not count it again.
 */
@Entity('appointment_no_show')
@Index('ix_appointment_no_show_orga', ['orgaId'])
export class AppointmentNoShowEntity {
  @PrimaryColumn({ type: 'uuid', name: 'appointment_id' })
  appointmentId!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'uuid', array: true, name: 'pet_ids', default: () => "'{}'" })
  petIds!: string[];

  @Column({ type: 'boolean', name: 'no_show' })
  noShow!: boolean;

  /** the snapshot's version (ISO text); '~deleted' sorts after every one */
  @Column({ type: 'varchar', length: 40 })
  version!: string;
}
