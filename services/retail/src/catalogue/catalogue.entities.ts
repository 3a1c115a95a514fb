import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A product of the organization's catalogue; a barcode, when given, is unique in the organization. */
@Entity('product')
@Index('ux_product_orga_barcode', ['orgaId', 'barcode'], { unique: true })
@Index('ix_product_orga_name', ['orgaId', 'name'])
export class ProductEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'uuid', name: 'orga_id' }) orgaId!: string;
  @Column({ type: 'varchar', length: 120 }) name!: string;
  @Column({ type: 'varchar', length: 80, default: '' }) brand!: string;
  @Column({ type: 'varchar', length: 40, nullable: true }) barcode!: string | null;
  @Column({ type: 'varchar', length: 60, default: '' }) category!: string;
  @Column({ type: 'integer', name: 'price_cents' }) priceCents!: number;
  @Column({ type: 'integer', name: 'vat_rate_bp' }) vatRateBp!: number;
  @Column({ type: 'integer', name: 'cost_cents', nullable: true }) costCents!: number | null;
  @Column({ type: 'uuid', name: 'supplier_id', nullable: true }) supplierId!: string | null;
  @Column({ type: 'boolean', default: false }) archived!: boolean;
  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}

@Entity('supplier')
@Index('ix_supplier_orga', ['orgaId'])
export class SupplierEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'uuid', name: 'orga_id' }) orgaId!: string;
  @Column({ type: 'varchar', length: 120 }) name!: string;
  @Column({ type: 'varchar', length: 200, default: '' }) contact!: string;
  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}
