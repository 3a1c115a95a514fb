import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AppointmentEntity } from './appointment.entity';

/** spec §3: pets of an appointment (appointment_id/pet_id rows). Pets belong to crm: ids only. */
@Entity('appointment_pet')
@Index('ix_appointment_pet_pet_start', ['petId', 'startsAt', 'appointmentId'])
export class AppointmentPetEntity {
  @PrimaryColumn({ type: 'uuid', name: 'appointment_id' })
  appointmentId!: string;

  @PrimaryColumn({ type: 'uuid', name: 'pet_id' })
  petId!: string;

  @ManyToOne(() => AppointmentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'appointment_id', foreignKeyConstraintName: 'fk_appointment_pet_appointment' })
  appointment?: AppointmentEntity;

  /** the appointment's start, copied so a pet's history pages by index */
  @Column({ type: 'timestamptz', name: 'starts_at' })
  startsAt!: Date;
}
