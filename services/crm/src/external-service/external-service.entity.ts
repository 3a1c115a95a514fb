import { Column, Entity, PrimaryColumn, Unique } from 'typeorm';

/** R1.10 an extra field of the organization: service_id unique per organization (R5.14). */
@Entity('external_service')
@Unique('uq_external_service_orga_service', ['orgaId', 'serviceId'])
export class ExternalServiceEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'varchar', length: 64, name: 'service_id' })
  serviceId!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
