import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  retailSaleCreatedEvent,
  retailSaleReturnedEvent,
  type PaymentMethod,
  type RetailProduct,
  type RetailSale,
  type RpcRequest,
  type createRetailSaleRpc,
} from '@pawline/contracts';
import { lineProblem, refundCents, saleTotals, type LineDiscount, type SaleLineInput } from '@pawline/domain';
import { OutboxService, RpcError, type StoreScope } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { CatalogueService } from '../catalogue/catalogue.service';
import { StockLedger } from '../stock/stock-ledger.service';

/** A line's figures as they were before a return raised its returned count. */
type ReturnedLine = { product_id: string; quantity: number; total_cents: number; before: number };

type LineRequest = RpcRequest<typeof createRetailSaleRpc>['lines'][number];

type SaleRow = Omit<RetailSale, 'lines' | 'by_rate' | 'created_at'> & { created_at: Date };
type LineRow = Omit<RetailSale['lines'][number], 'discount'> & {
  discount_kind: 'amount' | 'percent' | null;
  discount_value: number | null;
  position: number;
};

const discountOf = (row: Pick<LineRow, 'discount_kind' | 'discount_value'>): LineDiscount =>
  row.discount_kind === 'amount'
    ? { kind: 'amount', cents: row.discount_value ?? 0 }
    : row.discount_kind === 'percent'
      ? { kind: 'percent', percent: row.discount_value ?? 0 }
      : null;

/** Counter sales: priced by libs/domain's saleTotals, each line's units taken from the store's stock in the sale's transaction. */
@Injectable()
export class SaleService {
  constructor(
    private readonly db: DataSource,
    private readonly outbox: OutboxService,
    private readonly ledger: StockLedger,
    private readonly catalogue: CatalogueService,
  ) {}

  async create(scope: StoreScope, paymentMethod: PaymentMethod, lines: LineRequest[]): Promise<RetailSale> {
    const saleId = await this.db.transaction(async (manager) => {
      const products: RetailProduct[] = [];
      for (const line of lines) products.push(await this.catalogue.available(manager, scope.orgaId, line.product_id));
      const inputs: SaleLineInput[] = lines.map((line, index) => ({
        unit_price_cents: products[index]?.price_cents ?? 0,
        quantity: line.quantity,
        vat_rate_bp: products[index]?.vat_rate_bp ?? 0,
        discount: line.discount ?? null,
      }));
      const problem = inputs.map(lineProblem).find((found) => found !== null);
      if (problem === 'discount_exceeds_line') throw new RpcError('discount_exceeds_line');
      if (problem) throw new RpcError('validation_failed');
      const totals = saleTotals(inputs);
      const id = randomUUID();
      await manager.query(
        `INSERT INTO sale (id, orga_id, store_id, payment_method, gross_cents, discount_cents, total_cents, vat_cents, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          id,
          scope.orgaId,
          scope.storeId,
          paymentMethod,
          totals.gross_cents,
          totals.discount_cents,
          totals.total_cents,
          totals.vat_cents,
          scope.meta.actor?.userId ?? null,
        ],
      );
      // every balance row of the sale locked first, in one order: two sales of the same products cannot deadlock
      await this.ledger.lock(
        manager,
        scope.orgaId,
        lines.map((line) => ({ storeId: scope.storeId, productId: line.product_id })),
      );
      for (const [index, line] of lines.entries()) {
        const priced = totals.lines[index];
        const product = products[index];
        if (!priced || !product) continue;
        await manager.query(
          `INSERT INTO sale_line (id, sale_id, orga_id, position, product_id, name, quantity, unit_price_cents, vat_rate_bp,
             discount_kind, discount_value, discount_cents, total_cents, vat_cents)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
          [
            randomUUID(),
            id,
            scope.orgaId,
            index,
            product.id,
            product.name,
            line.quantity,
            product.price_cents,
            product.vat_rate_bp,
            line.discount?.kind ?? null,
            line.discount ? (line.discount.kind === 'amount' ? line.discount.cents : line.discount.percent) : null,
            priced.discount_cents,
            priced.total_cents,
            priced.vat_cents,
          ],
        );
        await this.ledger.move(
          manager,
          { orgaId: scope.orgaId, storeId: scope.storeId, productId: product.id, kind: 'sale', quantity: -line.quantity, saleId: id },
          scope.meta,
        );
      }
      await this.outbox.add(
        manager,
        retailSaleCreatedEvent,
        {
          orga_id: scope.orgaId,
          store_id: scope.storeId,
          sale_id: id,
          payment_method: paymentMethod,
          total_cents: totals.total_cents,
          vat_cents: totals.vat_cents,
        },
        scope.meta,
      );
      return id;
    });
    return this.read(this.db.manager, scope, saleId);
  }

  /** Units of one line back into stock; the line's returned count is raised only while it stays within what was sold. */
  async returnLine(scope: StoreScope, saleId: string, lineId: string, quantity: number): Promise<RetailSale> {
    await this.db.transaction(async (manager) => {
      const [lines] = await manager.query<[ReturnedLine[], number]>(
        `UPDATE sale_line l SET returned_quantity = l.returned_quantity + $4
          FROM sale s
          WHERE l.id = $1 AND l.sale_id = $2 AND s.id = l.sale_id AND s.orga_id = $3 AND s.store_id = $5
            AND l.returned_quantity + $4 <= l.quantity
          RETURNING l.product_id, l.quantity, l.total_cents, l.returned_quantity - $4 AS before`,
        [lineId, saleId, scope.orgaId, quantity, scope.storeId],
      );
      const line = lines[0];
      if (!line) {
        const known = await manager.query<unknown[]>(
          `SELECT 1 FROM sale_line l JOIN sale s ON s.id = l.sale_id WHERE l.id = $1 AND l.sale_id = $2 AND s.orga_id = $3 AND s.store_id = $4`,
          [lineId, saleId, scope.orgaId, scope.storeId],
        );
        throw new RpcError(known.length > 0 ? 'return_exceeds_sale' : 'not_found');
      }
      const refund = refundCents(line.total_cents, line.quantity, line.before, quantity);
      await manager.query(`UPDATE sale_line SET refunded_cents = refunded_cents + $2 WHERE id = $1`, [lineId, refund]);
      await manager.query(`UPDATE sale SET refunded_cents = refunded_cents + $2 WHERE id = $1`, [saleId, refund]);
      await manager.query(
        `INSERT INTO sale_return (id, orga_id, sale_id, line_id, quantity, refund_cents, actor_user_id) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [randomUUID(), scope.orgaId, saleId, lineId, quantity, refund, scope.meta.actor?.userId ?? null],
      );
      await this.ledger.move(
        manager,
        { orgaId: scope.orgaId, storeId: scope.storeId, productId: line.product_id, kind: 'return', quantity, saleId },
        scope.meta,
      );
      await this.outbox.add(
        manager,
        retailSaleReturnedEvent,
        { orga_id: scope.orgaId, store_id: scope.storeId, sale_id: saleId, line_id: lineId, quantity, refund_cents: refund },
        scope.meta,
      );
    });
    return this.read(this.db.manager, scope, saleId);
  }

  private async read(manager: EntityManager, scope: StoreScope, saleId: string): Promise<RetailSale> {
    const [sale] = await manager.query<SaleRow[]>(
      `SELECT id, orga_id, store_id, payment_method, gross_cents, discount_cents, total_cents, vat_cents, refunded_cents, created_by, created_at
         FROM sale WHERE id = $1 AND orga_id = $2 AND store_id = $3`,
      [saleId, scope.orgaId, scope.storeId],
    );
    if (!sale) throw new RpcError('not_found');
    const rows = await manager.query<LineRow[]>(
      `SELECT id, product_id, name, quantity, unit_price_cents, vat_rate_bp, discount_kind, discount_value, discount_cents,
              total_cents, vat_cents, returned_quantity, refunded_cents, position
         FROM sale_line WHERE sale_id = $1 ORDER BY position`,
      [saleId],
    );
    const lines = rows.map(({ discount_kind, discount_value, position: _position, ...line }) => ({
      ...line,
      discount: discountOf({ discount_kind, discount_value }),
    }));
    const byRate = saleTotals(
      rows.map((row) => ({
        unit_price_cents: row.unit_price_cents,
        quantity: row.quantity,
        vat_rate_bp: row.vat_rate_bp,
        discount: discountOf(row),
      })),
    ).by_rate;
    return { ...sale, created_at: sale.created_at.toISOString(), lines, by_rate: byRate };
  }
}
