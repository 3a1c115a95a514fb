import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { retailStockChangedEvent, type MovementKind } from '@pawline/contracts';
import { isLowStock } from '@pawline/domain';
import { OutboxService, RpcError, type OutboxMeta } from '@pawline/nest-kit';
import type { EntityManager } from 'typeorm';

export type Movement = {
  orgaId: string;
  storeId: string;
  productId: string;
  kind: MovementKind;
  /** signed */
  quantity: number;
  transferId?: string | null;
  saleId?: string | null;
  supplierId?: string | null;
  note?: string;
};

export type Balance = { on_hand: number; reorder_level: number };

/**
 * The only writer of stock: every change is a movement row, applied to the store's balance row in the
 * same transaction, with its event in the outbox. A movement that takes units updates the balance only
 * where enough is on hand: Postgres re-checks that condition after waiting for the row's lock, so of two
 * sales of the last unit exactly one finds it (the other gets out_of_stock) and on hand never goes below 0.
 */
@Injectable()
export class StockLedger {
  constructor(private readonly outbox: OutboxService) {}

  /** Makes sure the balance rows exist, then locks them in a fixed order (no deadlock between two multi-line writes). */
  async lock(manager: EntityManager, orgaId: string, rows: { storeId: string; productId: string }[]): Promise<Map<string, Balance>> {
    const keys = [...new Map(rows.map((row) => [`${row.storeId}/${row.productId}`, row])).values()].sort((a, b) =>
      `${a.storeId}/${a.productId}`.localeCompare(`${b.storeId}/${b.productId}`),
    );
    const balances = new Map<string, Balance>();
    for (const key of keys) {
      await manager.query(
        `INSERT INTO stock_level (orga_id, store_id, product_id) VALUES ($1, $2, $3) ON CONFLICT (store_id, product_id) DO NOTHING`,
        [orgaId, key.storeId, key.productId],
      );
      const [balance] = await manager.query<Balance[]>(
        `SELECT on_hand, reorder_level FROM stock_level WHERE store_id = $1 AND product_id = $2 FOR UPDATE`,
        [key.storeId, key.productId],
      );
      balances.set(`${key.storeId}/${key.productId}`, balance);
    }
    return balances;
  }

  async move(manager: EntityManager, movement: Movement, meta: OutboxMeta): Promise<Balance> {
    await manager.query(
      `INSERT INTO stock_level (orga_id, store_id, product_id) VALUES ($1, $2, $3) ON CONFLICT (store_id, product_id) DO NOTHING`,
      [movement.orgaId, movement.storeId, movement.productId],
    );
    const [rows] = await manager.query<[Balance[], number]>(
      `UPDATE stock_level SET on_hand = on_hand + $3, updated_at = now()
        WHERE store_id = $1 AND product_id = $2 AND on_hand + $3 >= 0
        RETURNING on_hand, reorder_level`,
      [movement.storeId, movement.productId, movement.quantity],
    );
    const balance = rows[0];
    if (!balance) throw new RpcError('out_of_stock');
    await manager.query(
      `INSERT INTO stock_movement (id, orga_id, store_id, product_id, kind, quantity, transfer_id, sale_id, supplier_id, note, actor_user_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        randomUUID(),
        movement.orgaId,
        movement.storeId,
        movement.productId,
        movement.kind,
        movement.quantity,
        movement.transferId ?? null,
        movement.saleId ?? null,
        movement.supplierId ?? null,
        movement.note ?? '',
        meta.actor?.userId ?? null,
      ],
    );
    await this.outbox.add(
      manager,
      retailStockChangedEvent,
      {
        orga_id: movement.orgaId,
        store_id: movement.storeId,
        product_id: movement.productId,
        kind: movement.kind,
        quantity: movement.quantity,
        on_hand: balance.on_hand,
        reorder_level: balance.reorder_level,
        low: isLowStock(balance.on_hand, balance.reorder_level),
      },
      { ...meta, storeId: movement.storeId },
    );
    return balance;
  }
}
