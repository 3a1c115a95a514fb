import { z } from 'zod';
import {
  archiveRetailProductRpc,
  countRetailStockRpc,
  getRetailSaleRpc,
  listCommissionRulesRpc,
  payrollReportRpc,
  setCommissionRuleRpc,
  createRetailProductRpc,
  createRetailSaleRpc,
  createRetailSupplierRpc,
  listRetailMovementsRpc,
  listRetailProductsRpc,
  listRetailStockRpc,
  listRetailSuppliersRpc,
  receiveRetailStockRpc,
  returnRetailSaleRpc,
  setRetailReorderLevelRpc,
  transferFieldsSchema,
  transferRetailStockRpc,
  updateRetailProductRpc,
} from '../retail';
import { defineRoute } from '../core/http-route';

// retail (issue 32): the catalogue is the organization's, stock and sales are a store's. The gateway binds
// these (services/gateway/src/routes/retail.routes.ts) and the browser calls them through API_ROUTES.

const ORGA = '/api/v1/orga/:orga/retail';
const STORE = '/api/v1/orga/:orga/store/:store/retail';
const tag = 'retail';

const flag = z.enum(['true', 'false']).optional();
const productQuery = z.strictObject({ search: z.string().max(80).optional(), include_archived: flag });
const stockQuery = z.strictObject({ search: z.string().max(80).optional(), low: flag });

const productBody = createRetailProductRpc.request.omit({ orga_id: true });
const productUpdateBody = updateRetailProductRpc.request.omit({ orga_id: true, product_id: true });
const supplierBody = createRetailSupplierRpc.request.omit({ orga_id: true });
const storeFields = { orga_id: true, store_id: true } as const;
const receiptBody = receiveRetailStockRpc.request.omit(storeFields);
const countBody = countRetailStockRpc.request.omit(storeFields);
const transferBody = transferFieldsSchema;
const reorderBody = setRetailReorderLevelRpc.request.omit({ ...storeFields, product_id: true });
const saleBody = createRetailSaleRpc.request.omit(storeFields);
const commissionBody = setCommissionRuleRpc.request.omit({ orga_id: true, user_id: true });
const langQuery = z.strictObject({ lang: z.enum(['en', 'it', 'de', 'fr']).optional() });
const periodQuery = z.strictObject({ from: payrollReportRpc.request.shape.from, to: payrollReportRpc.request.shape.to });
const periodCsvQuery = periodQuery.extend(langQuery.shape);
const returnBody = returnRetailSaleRpc.request.omit({ ...storeFields, sale_id: true });

export const retailHttpRoutes = {
  listRetailProducts: defineRoute({
    method: 'get',
    path: `${ORGA}/products`,
    summary: "The organization's products (?search= name, brand or barcode; ?include_archived=true)",
    tag,
    query: productQuery,
    response: listRetailProductsRpc.response,
  }),
  createRetailProduct: defineRoute({
    method: 'post',
    path: `${ORGA}/product`,
    summary: 'Add a product (organization administrators); 409 barcode_taken',
    tag,
    status: 201,
    body: productBody,
    response: createRetailProductRpc.response,
  }),
  updateRetailProduct: defineRoute({
    method: 'put',
    path: `${ORGA}/product/:id`,
    summary: "Change a product's fields (organization administrators)",
    tag,
    body: productUpdateBody,
    response: updateRetailProductRpc.response,
  }),
  archiveRetailProduct: defineRoute({
    method: 'delete',
    path: `${ORGA}/product/:id`,
    summary: 'Archive a product: it leaves the catalogue, its movements and sales stay',
    tag,
    response: archiveRetailProductRpc.response,
  }),
  listRetailSuppliers: defineRoute({
    method: 'get',
    path: `${ORGA}/suppliers`,
    summary: "The organization's suppliers",
    tag,
    response: listRetailSuppliersRpc.response,
  }),
  createRetailSupplier: defineRoute({
    method: 'post',
    path: `${ORGA}/supplier`,
    summary: 'Add a supplier (organization administrators)',
    tag,
    status: 201,
    body: supplierBody,
    response: createRetailSupplierRpc.response,
  }),
  listRetailStock: defineRoute({
    method: 'get',
    path: `${STORE}/stock`,
    summary: "The store's stock of every product (?low=true: at or below the reorder level; ?search=)",
    tag,
    query: stockQuery,
    response: listRetailStockRpc.response,
  }),
  listRetailMovements: defineRoute({
    method: 'get',
    path: `${STORE}/product/:id/movements`,
    summary: "A product's stock movements in the store, newest first",
    tag,
    response: listRetailMovementsRpc.response,
  }),
  receiveRetailStock: defineRoute({
    method: 'post',
    path: `${STORE}/stock/receipt`,
    summary: 'Record goods received into the store',
    tag,
    status: 201,
    body: receiptBody,
    response: receiveRetailStockRpc.response,
  }),
  countRetailStock: defineRoute({
    method: 'post',
    path: `${STORE}/stock/count`,
    summary: 'Record a stock count: on hand becomes the counted figure',
    tag,
    status: 201,
    body: countBody,
    response: countRetailStockRpc.response,
  }),
  transferRetailStock: defineRoute({
    method: 'post',
    path: `${STORE}/stock/transfer`,
    summary: 'Move units to another store of the organization; 409 out_of_stock',
    tag,
    status: 201,
    body: transferBody,
    response: transferRetailStockRpc.response,
  }),
  setRetailReorderLevel: defineRoute({
    method: 'put',
    path: `${STORE}/product/:id/reorder_level`,
    summary: "Set the product's reorder level in the store (store administrators)",
    tag,
    body: reorderBody,
    response: setRetailReorderLevelRpc.response,
  }),
  createRetailSale: defineRoute({
    method: 'post',
    path: `${STORE}/sale`,
    summary:
      "A counter sale: products, discounts, payment method, tips; with appointment_id the appointment's check-out; 409 out_of_stock, already_checked_out",
    tag,
    status: 201,
    body: saleBody,
    response: createRetailSaleRpc.response,
  }),
  returnRetailSale: defineRoute({
    method: 'post',
    path: `${STORE}/sale/:id/return`,
    summary: "Return units of a sale's line: back into stock, refunded; 409 return_exceeds_sale",
    tag,
    status: 201,
    body: returnBody,
    response: returnRetailSaleRpc.response,
  }),
  getRetailSale: defineRoute({
    method: 'get',
    path: `${STORE}/sale/:id`,
    summary: 'One sale of the store with its lines, VAT per rate and tips',
    tag,
    response: getRetailSaleRpc.response,
  }),
  downloadRetailReceipt: defineRoute({
    method: 'get',
    path: `${STORE}/sale/:id/receipt.pdf`,
    summary: "A sale's courtesy receipt as PDF (?lang=en|it|de|fr, default the caller's language)",
    tag,
    query: langQuery,
    transfer: 'download',
  }),
  listCommissionRules: defineRoute({
    method: 'get',
    path: `${ORGA}/commission_rules`,
    summary: "The groomers' commission rules (organization administrators)",
    tag,
    response: listCommissionRulesRpc.response,
  }),
  setCommissionRule: defineRoute({
    method: 'put',
    path: `${ORGA}/commission_rule/:user`,
    summary: "Set a groomer's commission: share of services and products (basis points), optionally after cost",
    tag,
    body: commissionBody,
    response: setCommissionRuleRpc.response,
  }),
  getPayrollReport: defineRoute({
    method: 'get',
    path: `${STORE}/payroll`,
    summary: "The store's payroll for ?from=&to= (local days): per groomer commission, tips, hours (organization administrators)",
    tag,
    query: periodQuery,
    response: payrollReportRpc.response,
  }),
  downloadPayrollCsv: defineRoute({
    method: 'get',
    path: `${STORE}/payroll.csv`,
    summary: "The store's payroll as CSV (?from=&to=&lang=)",
    tag,
    query: periodCsvQuery,
    transfer: 'download',
  }),
} as const;
