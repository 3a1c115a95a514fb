import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { RetailProduct, RetailSupplier, RpcRequest } from '@pawline/contracts';
import type { createRetailProductRpc, updateRetailProductRpc } from '@pawline/contracts';
import { RpcError } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';

const PRODUCT_COLUMNS = `id, orga_id, name, brand, barcode, category, price_cents, vat_rate_bp, cost_cents, supplier_id, archived`;
const LIST_LIMIT = 500;

type ProductFields = Omit<RpcRequest<typeof createRetailProductRpc>, 'orga_id'>;
type ProductChanges = Omit<RpcRequest<typeof updateRetailProductRpc>, 'orga_id' | 'product_id'>;

/** Postgres's unique_violation on the barcode index: another product of the organization has it. */
function isBarcodeClash(error: unknown): boolean {
  const driver =
    (error as { driverError?: { code?: string; constraint?: string } }).driverError ?? (error as { code?: string; constraint?: string });
  return driver.code === '23505' && driver.constraint === 'ux_product_orga_barcode';
}

/** The organization's catalogue: products and suppliers. */
@Injectable()
export class CatalogueService {
  constructor(private readonly db: DataSource) {}

  async list(orgaId: string, search: string | undefined, includeArchived: boolean): Promise<RetailProduct[]> {
    const params: unknown[] = [orgaId];
    let where = `orga_id = $1`;
    if (!includeArchived) where += ` AND NOT archived`;
    if (search) {
      params.push(`%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, `${search}%`);
      where += ` AND (name ILIKE $2 OR brand ILIKE $2 OR barcode LIKE $3)`;
    }
    return this.db.query(`SELECT ${PRODUCT_COLUMNS} FROM product WHERE ${where} ORDER BY lower(name), id LIMIT ${LIST_LIMIT}`, params);
  }

  /** A product of the organization still in the catalogue, or product_unavailable (a body named it). */
  async available(manager: EntityManager, orgaId: string, productId: string): Promise<RetailProduct> {
    const [product] = await manager.query<RetailProduct[]>(
      `SELECT ${PRODUCT_COLUMNS} FROM product WHERE id = $1 AND orga_id = $2 AND NOT archived`,
      [productId, orgaId],
    );
    if (!product) throw new RpcError('product_unavailable');
    return product;
  }

  async create(orgaId: string, fields: ProductFields): Promise<RetailProduct> {
    await this.checkSupplier(orgaId, fields.supplier_id ?? null);
    try {
      const [product] = await this.db.query<RetailProduct[]>(
        `INSERT INTO product (id, orga_id, name, brand, barcode, category, price_cents, vat_rate_bp, cost_cents, supplier_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${PRODUCT_COLUMNS}`,
        [
          randomUUID(),
          orgaId,
          fields.name,
          fields.brand ?? '',
          fields.barcode ?? null,
          fields.category ?? '',
          fields.price_cents,
          fields.vat_rate_bp,
          fields.cost_cents ?? null,
          fields.supplier_id ?? null,
        ],
      );
      return product;
    } catch (error) {
      if (isBarcodeClash(error)) throw new RpcError('barcode_taken');
      throw error;
    }
  }

  async update(orgaId: string, productId: string, changes: ProductChanges): Promise<RetailProduct> {
    if (changes.supplier_id !== undefined) await this.checkSupplier(orgaId, changes.supplier_id);
    const columns = ['name', 'brand', 'barcode', 'category', 'price_cents', 'vat_rate_bp', 'cost_cents', 'supplier_id'] as const;
    const sets: string[] = [];
    const params: unknown[] = [productId, orgaId];
    for (const column of columns) {
      if (changes[column] === undefined) continue;
      params.push(changes[column]);
      sets.push(`${column} = $${params.length}`);
    }
    try {
      const rows = await this.db.query<RetailProduct[] | [RetailProduct[], number]>(
        sets.length === 0
          ? `SELECT ${PRODUCT_COLUMNS} FROM product WHERE id = $1 AND orga_id = $2`
          : `UPDATE product SET ${sets.join(', ')} WHERE id = $1 AND orga_id = $2 RETURNING ${PRODUCT_COLUMNS}`,
        params,
      );
      const product = (Array.isArray(rows[0]) ? rows[0][0] : rows[0]) as RetailProduct | undefined;
      if (!product) throw new RpcError('not_found');
      return product;
    } catch (error) {
      if (isBarcodeClash(error)) throw new RpcError('barcode_taken');
      throw error;
    }
  }

  async archive(orgaId: string, productId: string): Promise<RetailProduct> {
    const [rows] = await this.db.query<[RetailProduct[], number]>(
      `UPDATE product SET archived = true WHERE id = $1 AND orga_id = $2 RETURNING ${PRODUCT_COLUMNS}`,
      [productId, orgaId],
    );
    const product = rows[0];
    if (!product) throw new RpcError('not_found');
    return product;
  }

  async suppliers(orgaId: string): Promise<RetailSupplier[]> {
    return this.db.query(`SELECT id, orga_id, name, contact FROM supplier WHERE orga_id = $1 ORDER BY lower(name), id`, [orgaId]);
  }

  async createSupplier(orgaId: string, name: string, contact: string): Promise<RetailSupplier> {
    const [supplier] = await this.db.query<RetailSupplier[]>(
      `INSERT INTO supplier (id, orga_id, name, contact) VALUES ($1, $2, $3, $4) RETURNING id, orga_id, name, contact`,
      [randomUUID(), orgaId, name, contact],
    );
    return supplier;
  }

  /** A supplier named in a body must be the organization's own. */
  async checkSupplier(orgaId: string, supplierId: string | null): Promise<void> {
    if (supplierId === null) return;
    const rows = await this.db.query<unknown[]>(`SELECT 1 FROM supplier WHERE id = $1 AND orga_id = $2`, [supplierId, orgaId]);
    if (rows.length === 0) throw new RpcError('unknown_reference');
  }
}
