import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { AppointmentFacts } from '@pawline/domain';

// analytics' read model (migrations/1795555000000-analytics-statistics.ts, docs/adr/0034).

/** What analytics keeps of one appointment, with the version of the snapshot it came from. */
@Entity('appointment_fact')
@Index('ix_appointment_fact_orga', ['orgaId'])
export class AppointmentFactEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'uuid', name: 'orga_id' }) orgaId!: string;
  @Column({ type: 'uuid', name: 'store_id' }) storeId!: string;
  @Column({ type: 'varchar', length: 40 }) version!: string;
  @Column({ type: 'jsonb' }) facts!: AppointmentFacts;
}

/** The pets of each appointment, to find the appointments whose customer a pet's owner decides. */
@Entity('fact_pet')
@Index('ix_fact_pet_orga', ['orgaId'])
export class FactPetEntity {
  @PrimaryColumn({ type: 'uuid', name: 'pet_id' }) petId!: string;
  @PrimaryColumn({ type: 'uuid', name: 'appointment_id' }) appointmentId!: string;
  @Column({ type: 'uuid', name: 'orga_id' }) orgaId!: string;
}

/** A pet's owner (crm's pet events). */
@Entity('pet_owner')
@Index('ix_pet_owner_orga', ['orgaId'])
export class PetOwnerEntity {
  @PrimaryColumn({ type: 'uuid', name: 'pet_id' }) petId!: string;
  @Column({ type: 'uuid', name: 'orga_id' }) orgaId!: string;
  @Column({ type: 'uuid', name: 'customer_id' }) customerId!: string;
}

/** A daily counter of a store (libs/domain StatKind). */
@Entity('stat_cell')
@Index('ix_stat_cell_orga_day', ['orgaId', 'day'])
export class StatCellEntity {
  @PrimaryColumn({ type: 'uuid', name: 'store_id' }) storeId!: string;
  @PrimaryColumn({ type: 'date' }) day!: string;
  @PrimaryColumn({ type: 'varchar', length: 20 }) kind!: string;
  @PrimaryColumn({ type: 'varchar', length: 40 }) key!: string;
  @Column({ type: 'uuid', name: 'orga_id' }) orgaId!: string;
  @Column({ type: 'integer', default: 0 }) count!: number;
  @Column({ type: 'bigint', default: 0 }) amount!: string;
}

/** A customer's visits to a store on a day. */
@Entity('customer_visit_day')
@Index('ix_customer_visit_day_customer', ['storeId', 'customerId', 'day'])
@Index('ix_customer_visit_day_orga', ['orgaId', 'day'])
export class CustomerVisitDayEntity {
  @PrimaryColumn({ type: 'uuid', name: 'store_id' }) storeId!: string;
  @PrimaryColumn({ type: 'date' }) day!: string;
  @PrimaryColumn({ type: 'uuid', name: 'customer_id' }) customerId!: string;
  @Column({ type: 'uuid', name: 'orga_id' }) orgaId!: string;
  @Column({ type: 'integer' }) visits!: number;
}

/** A customer's visits to a store in a month (the 1st of the month): distinct customers of a year stay cheap to count. */
@Entity('customer_visit_month')
@Index('ix_customer_visit_month_orga', ['orgaId', 'month'])
export class CustomerVisitMonthEntity {
  @PrimaryColumn({ type: 'uuid', name: 'store_id' }) storeId!: string;
  @PrimaryColumn({ type: 'date' }) month!: string;
  @PrimaryColumn({ type: 'uuid', name: 'customer_id' }) customerId!: string;
  @Column({ type: 'uuid', name: 'orga_id' }) orgaId!: string;
  @Column({ type: 'integer' }) visits!: number;
}

/** A customer's first and last visit to a store: new, returning and lost customers. */
@Entity('customer_span')
@Index('ix_customer_span_first', ['storeId', 'firstDay'])
@Index('ix_customer_span_last', ['storeId', 'lastDay'])
@Index('ix_customer_span_orga', ['orgaId'])
export class CustomerSpanEntity {
  @PrimaryColumn({ type: 'uuid', name: 'store_id' }) storeId!: string;
  @PrimaryColumn({ type: 'uuid', name: 'customer_id' }) customerId!: string;
  @Column({ type: 'uuid', name: 'orga_id' }) orgaId!: string;
  @Column({ type: 'date', name: 'first_day' }) firstDay!: string;
  @Column({ type: 'date', name: 'last_day' }) lastDay!: string;
}
