import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A product's balance in a store: the sum of its movements there, kept in the movement's transaction so
 * that the row's lock is what lets only one sale take the last unit. The movements stay the truth.
 */
@Entity('stock_level')
@Index('ix_stock_level_orga', ['orgaId'])
export class StockLevelEntity {
  @PrimaryColumn({ type: 'uuid', name: 'store_id' }) storeId!: string;
  @PrimaryColumn({ type: 'uuid', name: 'product_id' }) productId!: string;
  @Column({ type: 'uuid', name: 'orga_id' }) orgaId!: string;
  @Column({ type: 'integer', name: 'on_hand', default: 0 }) onHand!: number;
  @Column({ type: 'integer', name: 'reorder_level', default: 0 }) reorderLevel!: number;
  @Column({ type: 'timestamptz', name: 'updated_at', default: () => 'now()' }) updatedAt!: Date;
}

/** One recorded change of a store's stock: who, when, how many and why. */
@Entity('stock_movement')
@Index('ix_stock_movement_product', ['storeId', 'productId', 'createdAt'])
@Index('ix_stock_movement_orga', ['orgaId'])
export class StockMovementEntity {
  @PrimaryColumn({ type: 'uuid' }) id!: string;
  @Column({ type: 'uuid', name: 'orga_id' }) orgaId!: string;
  @Column({ type: 'uuid', name: 'store_id' }) storeId!: string;
  @Column({ type: 'uuid', name: 'product_id' }) productId!: string;
  @Column({ type: 'varchar', length: 20 }) kind!: string;
  @Column({ type: 'integer' }) quantity!: number;
  @Column({ type: 'uuid', name: 'transfer_id', nullable: true }) transferId!: string | null;
  @Column({ type: 'uuid', name: 'sale_id', nullable: true }) saleId!: string | null;
  @Column({ type: 'uuid', name: 'supplier_id', nullable: true }) supplierId!: string | null;
  @Column({ type: 'varchar', length: 200, default: '' }) note!: string;
  @Column({ type: 'uuid', name: 'actor_user_id', nullable: true }) actorUserId!: string | null;
  @Column({ type: 'timestamptz', name: 'created_at', default: () => 'now()' }) createdAt!: Date;
}
