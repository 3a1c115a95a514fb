import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** Issue 31 one version of a store's service agreement; a version is never changed once published. */
@Entity('store_agreement')
@Index('ix_store_agreement_orga', ['orgaId'])
export class StoreAgreementEntity {
  @PrimaryColumn({ type: 'uuid', name: 'store_id' })
  storeId!: string;

  @PrimaryColumn({ type: 'integer' })
  version!: number;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  /** language code → text */
  @Column({ type: 'jsonb' })
  texts!: Record<string, string>;

  @Column({ type: 'timestamptz', name: 'published_at', default: () => 'now()' })
  publishedAt!: Date;

  @Column({ type: 'uuid', name: 'published_by', nullable: true })
  publishedBy!: string | null;
}

/** Issue 31 a customer's acceptance of one version: the name typed, when and from which address. */
@Entity('agreement_acceptance')
@Index('ix_agreement_acceptance_customer', ['storeId', 'customerId'])
@Index('ix_agreement_acceptance_orga', ['orgaId'])
export class AgreementAcceptanceEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'uuid', name: 'store_id' })
  storeId!: string;

  @Column({ type: 'uuid', name: 'customer_id' })
  customerId!: string;

  @Column({ type: 'integer' })
  version!: number;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ type: 'timestamptz', name: 'accepted_at', default: () => 'now()' })
  acceptedAt!: Date;

  @Column({ type: 'varchar', length: 64, name: 'ip_address', nullable: true })
  ipAddress!: string | null;

  /** widget or link */
  @Column({ type: 'varchar', length: 8 })
  via!: string;
}
