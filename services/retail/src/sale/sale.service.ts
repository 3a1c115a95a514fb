import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  checkOutAppointmentRpc,
  getAppointmentRpc,
  getStoreRpc,
  memberAccessRpc,
  retailSaleCreatedEvent,
  retailSaleReturnedEvent,
  type RetailProduct,
  type RetailSale,
  type RpcRequest,
  type createRetailSaleRpc,
} from '@pawline/contracts';
import { lineProblem, refundCents, saleTotals, standardVatRateBp, type LineDiscount, type SaleLineInput } from '@pawline/domain';
import { NatsRpcClient, OutboxService, RpcError, type RpcCallContext, type StoreScope } from '@pawline/nest-kit';
import { DataSource, QueryFailedError, type EntityManager } from 'typeorm';
import { CatalogueService } from '../catalogue/catalogue.service';
import { StockLedger } from '../stock/stock-ledger.service';
import { FISCAL_TILL, type FiscalTill } from '../till/fiscal-till.port';

/** A line's figures as they were before a return raised its returned count. */
type ReturnedLine = { product_id: string | null; quantity: number; total_cents: number; before: number };

type SaleRequest = RpcRequest<typeof createRetailSaleRpc>;

type SaleRow = Omit<RetailSale, 'lines' | 'by_rate' | 'created_at' | 'tips' | 'paid_cents'> & { created_at: Date; tips_cents: number };
type LineRow = Omit<RetailSale['lines'][number], 'discount'> & {
  discount_kind: 'amount' | 'percent' | null;
  discount_value: number | null;
  position: number;
};

/** The appointment's service as a line of its check-out: what scheduling booked, priced by the sale's rule. */
type ServiceLine = {
  appointment_id: string;
  name: string;
  groomer_user_id: string | null;
  minutes: number;
  input: SaleLineInput;
};

const discountOf = (row: Pick<LineRow, 'discount_kind' | 'discount_value'>): LineDiscount =>
  row.discount_kind === 'amount'
    ? { kind: 'amount', cents: row.discount_value ?? 0 }
    : row.discount_kind === 'percent'
      ? { kind: 'percent', percent: row.discount_value ?? 0 }
      : null;

/** A service line named by its treatments; without any, by the appointment's name, else the salon's word for it. */
const GROOMING: Record<string, string> = { en: 'Grooming', it: 'Toelettatura', de: 'Fellpflege', fr: 'Toilettage' };

const callAs = (ctx: RpcCallContext) => ({ auth: ctx.auth, lang: ctx.lang, member: ctx.member });

const isUniqueViolation = (error: unknown) =>
  error instanceof QueryFailedError && (error.driverError as { code?: string } | undefined)?.code === '23505';

/**
 * Counter sales and check-outs: priced by libs/domain's saleTotals, each product line's units taken from the
 * store's stock in the sale's transaction; an appointment's service comes from scheduling (its price, discount,
 * groomer and length), and scheduling records the check-out before the sale commits.
 */
@Injectable()
export class SaleService {
  constructor(
    private readonly db: DataSource,
    private readonly outbox: OutboxService,
    private readonly ledger: StockLedger,
    private readonly catalogue: CatalogueService,
    private readonly rpc: NatsRpcClient,
    @Inject(FISCAL_TILL) private readonly till: FiscalTill,
  ) {}

  private async serviceLine(scope: StoreScope, input: SaleRequest, ctx: RpcCallContext): Promise<ServiceLine | null> {
    if (!input.appointment_id) return null;
    const found = await this.rpc.call(
      getAppointmentRpc,
      { orga_id: scope.orgaId, store_id: scope.storeId, appointment_id: input.appointment_id },
      callAs(ctx),
    );
    const appointment = found.items[0];
    if (!appointment) throw new RpcError('not_found');
    if (appointment.checked_out) throw new RpcError('already_checked_out');
    let vatRate = input.service_vat_rate_bp ?? null;
    if (vatRate === null) {
      const store = await this.rpc.call(getStoreRpc, { orga_id: scope.orgaId, store_id: scope.storeId }, callAs(ctx));
      vatRate = standardVatRateBp(store.country);
    }
    if (vatRate === null) throw new RpcError('validation_failed', { fields: { service_vat_rate_bp: 'validation.serviceVatUnknown' } });
    const treatments = found.treatments.filter((row) => row.appointment_id === appointment.id).map((row) => row.name);
    const booked = appointment.discount > 0 ? { kind: 'amount' as const, cents: Math.min(appointment.discount, appointment.price) } : null;
    return {
      appointment_id: appointment.id,
      name: (treatments.join(', ') || appointment.app_name || GROOMING[ctx.lang] || 'Grooming').slice(0, 120),
      groomer_user_id: appointment.user_id,
      minutes: appointment.duration,
      input: { unit_price_cents: appointment.price, quantity: 1, vat_rate_bp: vatRate, discount: input.service_discount ?? booked },
    };
  }

  /** Every tipped groomer must be a member of the organization (the payroll pays them). */
  private async checkTips(scope: StoreScope, input: SaleRequest, ctx: RpcCallContext): Promise<void> {
    for (const userId of new Set(input.tips.map((tip) => tip.user_id))) {
      const access = await this.rpc
        .call(memberAccessRpc, { orga_id: scope.orgaId, user_id: userId }, { auth: null, lang: ctx.lang })
        .catch(() => null);
      if (!access?.member) throw new RpcError('unknown_reference', { fields: { tips: 'validation.tipNotMember' } });
    }
  }

  async create(scope: StoreScope, input: SaleRequest, ctx: RpcCallContext): Promise<RetailSale> {
    if (!input.appointment_id && input.lines.length === 0)
      throw new RpcError('validation_failed', { fields: { lines: 'validation.saleNeedsLine' } });
    const service = await this.serviceLine(scope, input, ctx);
    await this.checkTips(scope, input, ctx);
    const groomer = service ? service.groomer_user_id : (input.groomer_user_id ?? null);
    const tipsCents = input.tips.reduce((acc, tip) => acc + tip.cents, 0);
    const saleId = await this.db.transaction(async (manager) => {
      const products: RetailProduct[] = [];
      for (const line of input.lines) products.push(await this.catalogue.available(manager, scope.orgaId, line.product_id));
      const productInputs: SaleLineInput[] = input.lines.map((line, index) => ({
        unit_price_cents: products[index]?.price_cents ?? 0,
        quantity: line.quantity,
        vat_rate_bp: products[index]?.vat_rate_bp ?? 0,
        discount: line.discount ?? null,
      }));
      const inputs = service ? [service.input, ...productInputs] : productInputs;
      const problem = inputs.map(lineProblem).find((found) => found !== null);
      if (problem === 'discount_exceeds_line') throw new RpcError('discount_exceeds_line');
      if (problem) throw new RpcError('validation_failed');
      const totals = saleTotals(inputs);
      const id = randomUUID();
      try {
        await manager.query(
          `INSERT INTO sale (id, orga_id, store_id, payment_method, gross_cents, discount_cents, total_cents, vat_cents, created_by,
             appointment_id, groomer_user_id, tips_cents)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
          [
            id,
            scope.orgaId,
            scope.storeId,
            input.payment_method,
            totals.gross_cents,
            totals.discount_cents,
            totals.total_cents,
            totals.vat_cents,
            scope.meta.actor?.userId ?? null,
            service?.appointment_id ?? null,
            groomer,
            tipsCents,
          ],
        );
      } catch (error) {
        // a check-out of the same appointment committed first: this one waited on the unique index
        if (isUniqueViolation(error)) throw new RpcError('already_checked_out');
        throw error;
      }
      // every balance row of the sale locked first, in one order: two sales of the same products cannot deadlock
      await this.ledger.lock(
        manager,
        scope.orgaId,
        input.lines.map((line) => ({ storeId: scope.storeId, productId: line.product_id })),
      );
      const insertLine = (values: unknown[]) =>
        manager.query(
          `INSERT INTO sale_line (id, sale_id, orga_id, position, kind, product_id, groomer_user_id, minutes, unit_cost_cents, name, quantity,
             unit_price_cents, vat_rate_bp, discount_kind, discount_value, discount_cents, total_cents, vat_cents)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
          values,
        );
      const discountColumns = (discount: LineDiscount) => [
        discount?.kind ?? null,
        discount ? (discount.kind === 'amount' ? discount.cents : discount.percent) : null,
      ];
      const offset = service ? 1 : 0;
      if (service) {
        const priced = totals.lines[0];
        await insertLine([
          randomUUID(),
          id,
          scope.orgaId,
          0,
          'service',
          null,
          service.groomer_user_id,
          service.minutes,
          null,
          service.name,
          1,
          service.input.unit_price_cents,
          service.input.vat_rate_bp,
          ...discountColumns(service.input.discount),
          priced?.discount_cents ?? 0,
          priced?.total_cents ?? 0,
          priced?.vat_cents ?? 0,
        ]);
      }
      for (const [index, line] of input.lines.entries()) {
        const priced = totals.lines[index + offset];
        const product = products[index];
        if (!priced || !product) continue;
        await insertLine([
          randomUUID(),
          id,
          scope.orgaId,
          index + offset,
          'product',
          product.id,
          groomer,
          0,
          product.cost_cents,
          product.name,
          line.quantity,
          product.price_cents,
          product.vat_rate_bp,
          ...discountColumns(line.discount ?? null),
          priced.discount_cents,
          priced.total_cents,
          priced.vat_cents,
        ]);
        await this.ledger.move(
          manager,
          { orgaId: scope.orgaId, storeId: scope.storeId, productId: product.id, kind: 'sale', quantity: -line.quantity, saleId: id },
          scope.meta,
        );
      }
      for (const tip of input.tips) {
        await manager.query(`INSERT INTO sale_tip (id, orga_id, sale_id, user_id, cents) VALUES ($1, $2, $3, $4, $5)`, [
          randomUUID(),
          scope.orgaId,
          id,
          tip.user_id,
          tip.cents,
        ]);
      }
      const names = [...(service ? [service.name] : []), ...products.map((product) => product.name)];
      const receipt = await this.till.issue(manager, {
        orga_id: scope.orgaId,
        store_id: scope.storeId,
        sale_id: id,
        payment_method: input.payment_method,
        total_cents: totals.total_cents,
        lines: inputs.map((line, index) => ({
          description: names[index] ?? '',
          quantity: line.quantity,
          unit_price_cents: line.unit_price_cents,
          vat_rate_bp: line.vat_rate_bp,
          discount_cents: totals.lines[index]?.discount_cents ?? 0,
        })),
      });
      await manager.query(`UPDATE sale SET fiscal_document = $2 WHERE id = $1`, [id, receipt.document_number]);
      await this.outbox.add(
        manager,
        retailSaleCreatedEvent,
        {
          orga_id: scope.orgaId,
          store_id: scope.storeId,
          sale_id: id,
          payment_method: input.payment_method,
          total_cents: totals.total_cents,
          vat_cents: totals.vat_cents,
        },
        scope.meta,
      );
      if (service) {
        // scheduling records the check-out (price, discount, total, cashed in) before this sale commits: a refusal
        // there (declined, no-show, a later day) leaves no sale and no stock moved
        const priced = totals.lines[0];
        await this.rpc.call(
          checkOutAppointmentRpc,
          {
            orga_id: scope.orgaId,
            store_id: scope.storeId,
            appointment_id: service.appointment_id,
            final_price: service.input.unit_price_cents,
            discount: priced?.discount_cents ?? 0,
            total: priced?.total_cents ?? 0,
            cashed_in: true,
          },
          callAs(ctx),
        );
      }
      return id;
    });
    return this.read(this.db.manager, scope, saleId);
  }

  /** Units of one product line back into stock; the line's returned count is raised only while it stays within what was sold. */
  async returnLine(scope: StoreScope, saleId: string, lineId: string, quantity: number): Promise<RetailSale> {
    await this.db.transaction(async (manager) => {
      const [lines] = await manager.query<[ReturnedLine[], number]>(
        `UPDATE sale_line l SET returned_quantity = l.returned_quantity + $4
          FROM sale s
          WHERE l.id = $1 AND l.sale_id = $2 AND s.id = l.sale_id AND s.orga_id = $3 AND s.store_id = $5
            AND l.kind = 'product' AND l.returned_quantity + $4 <= l.quantity
          RETURNING l.product_id, l.quantity, l.total_cents, l.returned_quantity - $4 AS before`,
        [lineId, saleId, scope.orgaId, quantity, scope.storeId],
      );
      const line = lines[0];
      if (!line?.product_id) {
        const known = await manager.query<unknown[]>(
          `SELECT 1 FROM sale_line l JOIN sale s ON s.id = l.sale_id
            WHERE l.id = $1 AND l.sale_id = $2 AND s.orga_id = $3 AND s.store_id = $4 AND l.kind = 'product'`,
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

  async get(scope: StoreScope, saleId: string): Promise<RetailSale> {
    return this.read(this.db.manager, scope, saleId);
  }

  private async read(manager: EntityManager, scope: StoreScope, saleId: string): Promise<RetailSale> {
    const [sale] = await manager.query<SaleRow[]>(
      `SELECT id, orga_id, store_id, payment_method, appointment_id, gross_cents, discount_cents, total_cents, vat_cents, refunded_cents,
              tips_cents, fiscal_document, created_by, created_at
         FROM sale WHERE id = $1 AND orga_id = $2 AND store_id = $3`,
      [saleId, scope.orgaId, scope.storeId],
    );
    if (!sale) throw new RpcError('not_found');
    const rows = await manager.query<LineRow[]>(
      `SELECT id, kind, product_id, groomer_user_id, minutes, name, quantity, unit_price_cents, vat_rate_bp, discount_kind, discount_value,
              discount_cents, total_cents, vat_cents, returned_quantity, refunded_cents, position
         FROM sale_line WHERE sale_id = $1 ORDER BY position`,
      [saleId],
    );
    const tips = await manager.query<{ user_id: string; cents: number }[]>(
      `SELECT user_id, cents FROM sale_tip WHERE sale_id = $1 ORDER BY created_at, user_id`,
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
    const { tips_cents, ...rest } = sale;
    return { ...rest, created_at: sale.created_at.toISOString(), lines, by_rate: byRate, tips, paid_cents: sale.total_cents + tips_cents };
  }
}
