import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * R3.09 treatment slot info: minutes of a treatment for a pet type, breed, size and hair (null = any). One row per
 * combination: the unique index compares nulls as equal (NULLS NOT DISTINCT, written in the migration).
 */
@Entity('service_time')
@Index('uq_service_time_cell', { synchronize: false })
export class ServiceTimeEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'uuid', name: 'treatment_id' })
  treatmentId!: string;

  @Column({ type: 'smallint', name: 'pet_type' })
  petType!: number;

  @Column({ type: 'varchar', length: 100, nullable: true })
  breed!: string | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  size!: string | null;

  @Column({ type: 'varchar', length: 10, nullable: true })
  hair!: string | null;

  @Column({ type: 'integer' })
  minutes!: number;
}
