import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An organization's reminder settings (spec §3, R3.14); no row = the defaults (R1.06, R9.03). */
@Entity('reminder_settings')
export class ReminderSettingsEntity {
  @PrimaryColumn({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'smallint', name: 'appointment_reminder_enabled' })
  appointmentReminderEnabled!: number;

  @Column({ type: 'uuid', name: 'message_template' })
  messageTemplate!: string;

  @Column({ type: 'varchar', length: 5, name: 'msg_slot' })
  msgSlot!: string;

  @Column({ type: 'varchar', length: 500, name: 'message_template_addition' })
  messageTemplateAddition!: string;

  @Column({ type: 'smallint', name: 'pre_appointment_reminder_enabled' })
  preAppointmentReminderEnabled!: number;

  @Column({ type: 'uuid', name: 'pre_appointment_template' })
  preAppointmentTemplate!: string;

  @Column({ type: 'varchar', length: 5, name: 'pre_appointment_msg_slot' })
  preAppointmentMsgSlot!: string;

  @Column({ type: 'smallint', name: 'pre_appointment_days' })
  preAppointmentDays!: number;

  @Column({ type: 'varchar', length: 500, name: 'pre_appointment_template_additions' })
  preAppointmentTemplateAdditions!: string;

  @Column({ type: 'smallint', name: 'birthday_enabled' })
  birthdayEnabled!: number;

  @Column({ type: 'uuid', name: 'birthday_template' })
  birthdayTemplate!: string;

  @Column({ type: 'varchar', length: 5, name: 'birthday_msg_slot' })
  birthdayMsgSlot!: string;

  @Column({ type: 'smallint', name: 'reminder_to_book_enabled' })
  reminderToBookEnabled!: number;

  @Column({ type: 'uuid', name: 'reminder_to_book_template' })
  reminderToBookTemplate!: string;

  @Column({ type: 'varchar', length: 5, name: 'reminder_to_book_msg_slot' })
  reminderToBookMsgSlot!: string;

  /** 'quarterly' | 'yearly' */
  @Column({ type: 'varchar', length: 10, name: 'reminder_to_book_frequency' })
  reminderToBookFrequency!: string;

  @Column({ type: 'varchar', length: 2 })
  language!: string;

  @Column({ type: 'boolean', name: 'auto_msg' })
  autoMsg!: boolean;

  @Column({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
