import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { RetailMovement, RetailStockRow } from '@pawline/contracts';
import { countCorrection, isLowStock } from '@pawline/domain';
import { RpcError, type StoreScope } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { CatalogueService } from '../catalogue/catalogue.service';
import { StockLedger } from './stock-ledger.service';

type RawStockRow = Omit<RetailStockRow, 'low'>;

const STOCK_SELECT = `SELECT p.id AS product_id, $2::uuid AS store_id, p.name, p.brand, p.barcode, p.category, p.price_cents,
    COALESCE(l.on_hand, 0) AS on_hand, COALESCE(l.reorder_level, 0) AS reorder_level
  FROM product p LEFT JOIN stock_level l ON l.product_id = p.id AND l.store_id = $2
  WHERE p.orga_id = $1`;

const withLow = (row: RawStockRow): RetailStockRow => ({ ...row, low: isLowStock(row.on_hand, row.reorder_level) });

/** A store's stock: what the counter and the stock screen read, and receipts, counts, transfers and reorder levels. */
@Injectable()
export class StockService {
  constructor(
    private readonly db: DataSource,
    private readonly ledger: StockLedger,
    private readonly catalogue: CatalogueService,
  ) {}

  async list(scope: StoreScope, lowOnly: boolean, search: string | undefined): Promise<RetailStockRow[]> {
    const params: unknown[] = [scope.orgaId, scope.storeId];
    let where = ` AND NOT p.archived`;
    if (lowOnly) where += ` AND COALESCE(l.on_hand, 0) <= COALESCE(l.reorder_level, 0)`;
    if (search) {
      params.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, `${search}%`);
      where += ` AND (p.name ILIKE $3 OR p.brand ILIKE $3 OR p.barcode LIKE $4)`;
    }
    const rows = await this.db.query<RawStockRow[]>(`${STOCK_SELECT}${where} ORDER BY lower(p.name), p.id LIMIT 500`, params);
    return rows.map(withLow);
  }

  async row(manager: EntityManager, orgaId: string, storeId: string, productId: string): Promise<RetailStockRow> {
    const [row] = await manager.query<RawStockRow[]>(`${STOCK_SELECT} AND p.id = $3`, [orgaId, storeId, productId]);
    if (!row) throw new RpcError('not_found');
    return withLow(row);
  }

  async movements(scope: StoreScope, productId: string): Promise<RetailMovement[]> {
    await this.productOf(scope, productId);
    const rows = await this.db.query<(Omit<RetailMovement, 'created_at'> & { created_at: Date })[]>(
      `SELECT id, product_id, store_id, kind, quantity, transfer_id, sale_id, supplier_id, note, actor_user_id, created_at
         FROM stock_movement WHERE orga_id = $1 AND store_id = $2 AND product_id = $3 ORDER BY created_at DESC, id LIMIT 500`,
      [scope.orgaId, scope.storeId, productId],
    );
    return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
  }

  async receive(scope: StoreScope, productId: string, quantity: number, supplierId: string | null, note: string): Promise<RetailStockRow> {
    await this.catalogue.checkSupplier(scope.orgaId, supplierId);
    return this.db.transaction(async (manager) => {
      await this.catalogue.available(manager, scope.orgaId, productId);
      await this.ledger.move(
        manager,
        { orgaId: scope.orgaId, storeId: scope.storeId, productId, kind: 'receipt', quantity, supplierId, note },
        scope.meta,
      );
      return this.row(manager, scope.orgaId, scope.storeId, productId);
    });
  }

  /** The counted figure is the truth: the movement is the difference to on hand, read under the row's lock. */
  async count(scope: StoreScope, productId: string, counted: number, note: string): Promise<RetailStockRow> {
    return this.db.transaction(async (manager) => {
      await this.catalogue.available(manager, scope.orgaId, productId);
      const balances = await this.ledger.lock(manager, scope.orgaId, [{ storeId: scope.storeId, productId }]);
      const onHand = balances.get(`${scope.storeId}/${productId}`)?.on_hand ?? 0;
      await this.ledger.move(
        manager,
        { orgaId: scope.orgaId, storeId: scope.storeId, productId, kind: 'count', quantity: countCorrection(onHand, counted), note },
        scope.meta,
      );
      return this.row(manager, scope.orgaId, scope.storeId, productId);
    });
  }

  /** Two movements with one transfer id: out of this store, into the other, or neither. */
  async transfer(scope: StoreScope, productId: string, toStoreId: string, quantity: number, note: string) {
    return this.db.transaction(async (manager) => {
      await this.catalogue.available(manager, scope.orgaId, productId);
      const stores = [scope.storeId, toStoreId].map((storeId) => ({ storeId, productId }));
      await this.ledger.lock(manager, scope.orgaId, stores);
      const transferId = randomUUID();
      const base = { orgaId: scope.orgaId, productId, transferId, note };
      await this.ledger.move(manager, { ...base, storeId: scope.storeId, kind: 'transfer_out', quantity: -quantity }, scope.meta);
      await this.ledger.move(manager, { ...base, storeId: toStoreId, kind: 'transfer_in', quantity }, scope.meta);
      return {
        from: await this.row(manager, scope.orgaId, scope.storeId, productId),
        to: await this.row(manager, scope.orgaId, toStoreId, productId),
      };
    });
  }

  async setReorderLevel(scope: StoreScope, productId: string, level: number): Promise<RetailStockRow> {
    return this.db.transaction(async (manager) => {
      await this.productOf(scope, productId, manager);
      await manager.query(
        `INSERT INTO stock_level (orga_id, store_id, product_id, reorder_level) VALUES ($1, $2, $3, $4)
         ON CONFLICT (store_id, product_id) DO UPDATE SET reorder_level = EXCLUDED.reorder_level, updated_at = now()`,
        [scope.orgaId, scope.storeId, productId, level],
      );
      return this.row(manager, scope.orgaId, scope.storeId, productId);
    });
  }

  /** A product named in the path: another organization's looks like none (not_found). */
  private async productOf(scope: StoreScope, productId: string, manager: EntityManager = this.db.manager): Promise<void> {
    const rows = await manager.query<unknown[]>(`SELECT 1 FROM product WHERE id = $1 AND orga_id = $2`, [productId, scope.orgaId]);
    if (rows.length === 0) throw new RpcError('not_found');
  }
}
