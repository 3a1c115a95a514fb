import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { CustomerEntity } from '../customer/customer.entity';
import { ExternalServiceEntity } from './external-service.entity';

/** R3.05 a customer's entity id in one external service. */
@Entity('customer_external_id')
@Index('ix_customer_external_id_service', ['externalServiceId'])
export class CustomerExternalIdEntity {
  @PrimaryColumn({ type: 'uuid', name: 'customer_id' })
  customerId!: string;

  @PrimaryColumn({ type: 'uuid', name: 'external_service_id' })
  externalServiceId!: string;

  @ManyToOne(() => CustomerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'customer_id', foreignKeyConstraintName: 'fk_customer_external_id_customer' })
  customer?: CustomerEntity;

  @ManyToOne(() => ExternalServiceEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'external_service_id', foreignKeyConstraintName: 'fk_customer_external_id_service' })
  externalService?: ExternalServiceEntity;

  @Column({ type: 'varchar', length: 200, name: 'entity_id' })
  entityId!: string;
}
