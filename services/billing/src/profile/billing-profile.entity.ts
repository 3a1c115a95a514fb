import { Column, Entity, PrimaryColumn } from 'typeorm';

/** R1.23 who is invoiced: Company or Private. */
@Entity('billing_profile')
export class BillingProfileEntity {
  @PrimaryColumn({ type: 'uuid', name: 'orga_id' })
  orgaId!: string;

  @Column({ type: 'varchar', length: 10 })
  kind!: string;

  @Column({ type: 'varchar', length: 200, name: 'legal_name', nullable: true })
  legalName!: string | null;

  @Column({ type: 'varchar', length: 100, name: 'first_name', nullable: true })
  firstName!: string | null;

  @Column({ type: 'varchar', length: 100, name: 'last_name', nullable: true })
  lastName!: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  vat!: string | null;

  @Column({ type: 'varchar', length: 20, name: 'fiscal_code', nullable: true })
  fiscalCode!: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  pec!: string | null;

  @Column({ type: 'varchar', length: 10, name: 'codice_destinatario', nullable: true })
  codiceDestinatario!: string | null;

  @Column({ type: 'varchar', length: 200 })
  address!: string;

  @Column({ type: 'varchar', length: 100 })
  city!: string;

  @Column({ type: 'varchar', length: 20, name: 'zip_code' })
  zipCode!: string;

  @Column({ type: 'varchar', length: 2 })
  country!: string;

  /** the Italian province's two letters, written on the e-invoice */
  @Column({ type: 'varchar', length: 2, nullable: true })
  province!: string | null;

  /** the invoices' language (it, en, de, fr); null: the billing country's */
  @Column({ type: 'varchar', length: 2, nullable: true })
  language!: string | null;

  @Column({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' })
  updatedAt!: Date;
}
