import { z } from 'zod';
import { defineRpc } from '../core';
import { productFieldsSchema, productSchema, supplierSchema } from './retail-shapes';

const orga = { orga_id: z.string().uuid() };

/** The organization's products (any member), by name; `search` matches name, brand or the barcode's start. */
export const listRetailProductsRpc = defineRpc(
  'rpc.retail.product.list',
  z.strictObject({ ...orga, search: z.string().trim().max(80).optional(), include_archived: z.boolean().optional() }),
  z.array(productSchema),
);

/** Adds a product (organization administrators); a barcode is unique in the organization (409 barcode_taken). */
export const createRetailProductRpc = defineRpc('rpc.retail.product.create', productFieldsSchema.extend(orga), productSchema);

/** Changes a product's fields (organization administrators); a sale keeps the name and price it was sold at. */
export const updateRetailProductRpc = defineRpc(
  'rpc.retail.product.update',
  productFieldsSchema.partial().extend({ ...orga, product_id: z.string().uuid() }),
  productSchema,
);

/** Archives a product: it leaves the catalogue and the counter, its movements and sales stay. */
export const archiveRetailProductRpc = defineRpc(
  'rpc.retail.product.archive',
  z.strictObject({ ...orga, product_id: z.string().uuid() }),
  productSchema,
);

export const listRetailSuppliersRpc = defineRpc('rpc.retail.supplier.list', z.strictObject(orga), z.array(supplierSchema));

export const createRetailSupplierRpc = defineRpc(
  'rpc.retail.supplier.create',
  z.strictObject({ ...orga, name: z.string().trim().min(1).max(120), contact: z.string().trim().max(200).optional() }),
  supplierSchema,
);
