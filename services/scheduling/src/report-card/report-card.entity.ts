import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AppointmentEntity } from '../appointment/appointment.entity';

/** Issue 31 a report card: staff's note on one pet of a checked-out appointment, kept on the pet's history. */
@Entity('report_card')
@Index('ix_report_card_pet_start', ['petId', 'startsAt'])
@Index('ix_report_card_orga', ['orgaId'])
export class ReportCardEntity {
  @PrimaryColumn({ type: 'uuid', name: 'appointment_id' })
  appointmentId!: string;

  @PrimaryColumn({ type: 'uuid', name: 'pet_id' })
  petId!: string;

  /** the card goes with its appointment (and so with a cancelled organization's appointments, R1.17) */
  @ManyToOne(() => AppointmentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'appointment_id', foreignKeyConstraintName: 'fk_report_card_appointment' })
  appointment?: AppointmentEntity;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'uuid', name: 'store_id' })
  storeId!: string;

  /** the appointment's start and local date, copied so the pet's last card is found by index */
  @Column({ type: 'timestamptz', name: 'starts_at' })
  startsAt!: Date;

  @Column({ type: 'date', name: 'local_date' })
  localDate!: string;

  @Column({ type: 'text' })
  note!: string;

  /** send, later or skip */
  @Column({ type: 'varchar', length: 8 })
  choice!: string;

  @Column({ type: 'uuid', name: 'created_by', nullable: true })
  createdBy!: string | null;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
