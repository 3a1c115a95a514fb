import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

// marketing's own read model of what the audience needs (docs/architecture.md, "Data": never another service's tables),
// kept from crm's customer and pet events and scheduling's appointment events (audience-projection.handlers.ts).

/** A customer as crm's events carry it: names, city (as the filter compares it), marketing consent, tags. */
@Entity('audience_customer')
@Index('ix_audience_customer_store', ['orgaId', 'storeId'])
export class AudienceCustomerEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'uuid', name: 'store_id' })
  storeId!: string;

  @Column({ type: 'varchar', length: 200, name: 'first_name', default: '' })
  firstName!: string;

  @Column({ type: 'varchar', length: 200, name: 'last_name', default: '' })
  lastName!: string;

  @Column({ type: 'varchar', length: 200, name: 'city_key', default: '' })
  cityKey!: string;

  @Column({ type: 'boolean', name: 'consent_marketing', default: false })
  consentMarketing!: boolean;

  @Column({ type: 'uuid', name: 'tag_ids', array: true, default: () => "'{}'" })
  tagIds!: string[];

  /** crm's clock of the snapshot: the newest wins */
  @Column({ type: 'varchar', length: 40 })
  version!: string;
}

/** A pet's owner (appointments name pets; visits are the owners'). */
@Entity('audience_pet')
export class AudiencePetEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'uuid', name: 'customer_id' })
  customerId!: string;
}

/** An appointment as scheduling's events carry it; deleted ones are kept as tombstones (events may repeat). */
@Entity('audience_appointment')
@Index('ix_audience_appointment_pets', { synchronize: false })
export class AudienceAppointmentEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'timestamptz', name: 'starts_at' })
  startsAt!: Date;

  @Column({ type: 'smallint' })
  status!: number;

  @Column({ type: 'uuid', name: 'pet_ids', array: true, default: () => "'{}'" })
  petIds!: string[];

  @Column({ type: 'varchar', length: 40 })
  version!: string;

  @Column({ type: 'boolean', default: false })
  deleted!: boolean;
}

/** One appointment of one customer (through its pets): what the audience count reads. */
@Entity('audience_visit')
@Index('ix_audience_visit_customer', ['customerId', 'startsAt'])
@Index('ix_audience_visit_orga', ['orgaId', 'customerId', 'startsAt', 'status'])
export class AudienceVisitEntity {
  @PrimaryColumn({ type: 'uuid', name: 'appointment_id' })
  appointmentId!: string;

  @PrimaryColumn({ type: 'uuid', name: 'customer_id' })
  customerId!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'timestamptz', name: 'starts_at' })
  startsAt!: Date;

  @Column({ type: 'smallint' })
  status!: number;
}
