import { Column, Entity, PrimaryColumn } from 'typeorm';

/** R5.13 an organization's crm settings: mandatory customer information and pet information at checkout. */
@Entity('crm_settings')
export class CrmSettingsEntity {
  @PrimaryColumn({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'jsonb', name: 'mandatory_customer_info', default: () => "'[]'" })
  mandatoryCustomerInfo!: string[];

  @Column({ type: 'jsonb', name: 'pet_checkout', default: () => "'{}'" })
  petCheckout!: Record<string, string>;

  @Column({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
