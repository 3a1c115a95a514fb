import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AppointmentEntity } from './appointment.entity';

/** spec §3: the treatments of an appointment (with appointment_id); the name is kept as booked. */
@Entity('appointment_treatment')
@Index('ix_appointment_treatment_treatment', ['treatmentId'])
export class AppointmentTreatmentEntity {
  @PrimaryColumn({ type: 'uuid', name: 'appointment_id' })
  appointmentId!: string;

  @PrimaryColumn({ type: 'uuid', name: 'treatment_id' })
  treatmentId!: string;

  @ManyToOne(() => AppointmentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'appointment_id', foreignKeyConstraintName: 'fk_appointment_treatment_appointment' })
  appointment?: AppointmentEntity;

  @Column({ type: 'varchar', length: 100 })
  name!: string;
}
