import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A counter sale: its totals as priced by libs/domain's saleTotals when it was made. */
@Entity('sale')
@Index('ix_sale_store_created', ['orgaId', 'storeId', 'createdAt'])
@Index('ux_sale_appointment', ['orgaId', 'appointmentId'], { unique: true })
export class SaleEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'uuid', name: 'orga_id' }) orgaId!: string;
  @Column({ type: 'uuid', name: 'store_id' }) storeId!: string;
  @Column({ type: 'varchar', length: 20, name: 'payment_method' }) paymentMethod!: string;
  @Column({ type: 'integer', name: 'gross_cents' }) grossCents!: number;
  @Column({ type: 'integer', name: 'discount_cents' }) discountCents!: number;
  @Column({ type: 'integer', name: 'total_cents' }) totalCents!: number;
  @Column({ type: 'integer', name: 'vat_cents' }) vatCents!: number;
  @Column({ type: 'integer', name: 'refunded_cents', default: 0 }) refundedCents!: number;
  @Column({ type: 'uuid', name: 'appointment_id', nullable: true }) appointmentId!: string | null;
  @Column({ type: 'uuid', name: 'groomer_user_id', nullable: true }) groomerUserId!: string | null;
  @Column({ type: 'integer', name: 'tips_cents', default: 0 }) tipsCents!: number;
  @Column({ type: 'varchar', length: 60, name: 'fiscal_document', nullable: true }) fiscalDocument!: string | null;
  @Column({ type: 'uuid', name: 'created_by', nullable: true }) createdBy!: string | null;
  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}

/** A line of a sale, with the name, price and VAT rate it was sold at (a later catalogue change leaves it). */
@Entity('sale_line')
@Index('ix_sale_line_sale', ['saleId', 'position'])
@Index('ix_sale_line_orga', ['orgaId'])
export class SaleLineEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'uuid', name: 'sale_id' }) saleId!: string;
  @Column({ type: 'uuid', name: 'orga_id' }) orgaId!: string;
  @Column({ type: 'integer' }) position!: number;
  @Column({ type: 'uuid', name: 'product_id', nullable: true }) productId!: string | null;
  @Column({ type: 'varchar', length: 10, default: 'product' }) kind!: string;
  @Column({ type: 'uuid', name: 'groomer_user_id', nullable: true }) groomerUserId!: string | null;
  @Column({ type: 'integer', default: 0 }) minutes!: number;
  @Column({ type: 'integer', name: 'unit_cost_cents', nullable: true }) unitCostCents!: number | null;
  @Column({ type: 'varchar', length: 120 }) name!: string;
  @Column({ type: 'integer' }) quantity!: number;
  @Column({ type: 'integer', name: 'unit_price_cents' }) unitPriceCents!: number;
  @Column({ type: 'integer', name: 'vat_rate_bp' }) vatRateBp!: number;
  @Column({ type: 'varchar', length: 10, name: 'discount_kind', nullable: true }) discountKind!: string | null;
  @Column({ type: 'integer', name: 'discount_value', nullable: true }) discountValue!: number | null;
  @Column({ type: 'integer', name: 'discount_cents' }) discountCents!: number;
  @Column({ type: 'integer', name: 'total_cents' }) totalCents!: number;
  @Column({ type: 'integer', name: 'vat_cents' }) vatCents!: number;
  @Column({ type: 'integer', name: 'returned_quantity', default: 0 }) returnedQuantity!: number;
  @Column({ type: 'integer', name: 'refunded_cents', default: 0 }) refundedCents!: number;
}

/** Units of a line brought back, and what was refunded for them. */
@Entity('sale_return')
@Index('ix_sale_return_sale', ['saleId'])
@Index('ix_sale_return_orga', ['orgaId'])
export class SaleReturnEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'uuid', name: 'orga_id' }) orgaId!: string;
  @Column({ type: 'uuid', name: 'sale_id' }) saleId!: string;
  @Column({ type: 'uuid', name: 'line_id' }) lineId!: string;
  @Column({ type: 'integer' }) quantity!: number;
  @Column({ type: 'integer', name: 'refund_cents' }) refundCents!: number;
  @Column({ type: 'uuid', name: 'actor_user_id', nullable: true }) actorUserId!: string | null;
  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}

/** A tip for one groomer, paid with the sale. */
@Entity('sale_tip')
@Index('ix_sale_tip_sale', ['saleId'])
@Index('ix_sale_tip_orga', ['orgaId'])
export class SaleTipEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'uuid', name: 'orga_id' }) orgaId!: string;
  @Column({ type: 'uuid', name: 'sale_id' }) saleId!: string;
  @Column({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'integer' }) cents!: number;
  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}

/** The sandbox till's last document number in a store (a certified till numbers its own). */
@Entity('till_counter')
@Index('ix_till_counter_orga', ['orgaId'])
export class TillCounterEntity {
  @PrimaryColumn({ type: 'uuid', name: 'store_id' }) storeId!: string;
  @Column({ type: 'uuid', name: 'orga_id' }) orgaId!: string;
  @Column({ type: 'integer', name: 'last_number', default: 0 }) lastNumber!: number;
}

/** A groomer's commission rule in the organization. */
@Entity('commission_rule')
export class CommissionRuleEntity {
  @PrimaryColumn({ type: 'uuid', name: 'orga_id' }) orgaId!: string;
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId!: string;
  @Column({ type: 'integer', name: 'service_bp' }) serviceBp!: number;
  @Column({ type: 'integer', name: 'product_bp' }) productBp!: number;
  @Column({ type: 'boolean', name: 'product_after_cost', default: false }) productAfterCost!: boolean;
  @Column({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}
