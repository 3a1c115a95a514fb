import {
  archiveRetailProductRpc,
  countRetailStockRpc,
  getRetailSaleRpc,
  listCommissionRulesRpc,
  payrollCsvRpc,
  payrollReportRpc,
  retailReceiptRpc,
  setCommissionRuleRpc,
  createRetailProductRpc,
  createRetailSaleRpc,
  createRetailSupplierRpc,
  listRetailMovementsRpc,
  listRetailProductsRpc,
  listRetailStockRpc,
  listRetailSuppliersRpc,
  receiveRetailStockRpc,
  retailHttpRoutes as http,
  returnRetailSaleRpc,
  setRetailReorderLevelRpc,
  transferRetailStockRpc,
  updateRetailProductRpc,
} from '@pawline/contracts';
import {
  fileDownloadRoute,
  orgaParam,
  pathParam,
  rpcRoute,
  storeParam,
  type ApiRoute,
  type FileDownload,
  type RouteContext,
} from '../http/route-definition';

// retail (issue 32); paths and bodies are declared in libs/contracts/src/http/retail.routes.ts. The catalogue
// is the organization's (members read, organization administrators write, like treatments); stock and
// sales are a store's (spec §6: store readers read, store writers move stock and sell, store administrators
// set reorder levels). The gateway checks the rule, the service checks it again.

const orga = (ctx: RouteContext) => ({ orga_id: orgaParam(ctx) });
const store = (ctx: RouteContext) => ({ orga_id: orgaParam(ctx), store_id: storeParam(ctx) });

const LANGS = ['en', 'it', 'de', 'fr'] as const;
const langOf = (query: { lang?: string | undefined }) => LANGS.find((lang) => lang === query.lang);

function fileOf(file: { file_name: string; mime: string; data_base64: string }): FileDownload {
  const bytes = Buffer.from(file.data_base64, 'base64');
  return {
    contentType: file.mime,
    fileName: file.file_name,
    size: bytes.length,
    parts: (async function* () {
      yield bytes;
    })(),
  };
}

export const retailRoutes: ApiRoute[] = [
  rpcRoute(http.listRetailProducts, {
    access: { orga: 'member' },
    rpc: listRetailProductsRpc,
    input: (ctx) => ({
      ...orga(ctx),
      ...(ctx.query.search ? { search: ctx.query.search } : {}),
      ...(ctx.query.include_archived ? { include_archived: ctx.query.include_archived === 'true' } : {}),
    }),
  }),
  rpcRoute(http.createRetailProduct, {
    access: { orga: 'orga_admin' },
    rpc: createRetailProductRpc,
    input: (ctx) => ({ ...orga(ctx), ...ctx.body }),
  }),
  rpcRoute(http.updateRetailProduct, {
    access: { orga: 'orga_admin' },
    rpc: updateRetailProductRpc,
    input: (ctx) => ({ ...orga(ctx), product_id: pathParam(ctx, 'id'), ...ctx.body }),
  }),
  rpcRoute(http.archiveRetailProduct, {
    access: { orga: 'orga_admin' },
    rpc: archiveRetailProductRpc,
    input: (ctx) => ({ ...orga(ctx), product_id: pathParam(ctx, 'id') }),
  }),
  rpcRoute(http.listRetailSuppliers, { access: { orga: 'member' }, rpc: listRetailSuppliersRpc, input: orga }),
  rpcRoute(http.createRetailSupplier, {
    access: { orga: 'orga_admin' },
    rpc: createRetailSupplierRpc,
    input: (ctx) => ({ ...orga(ctx), ...ctx.body }),
  }),
  rpcRoute(http.listRetailStock, {
    access: { orga: 'store_read' },
    rpc: listRetailStockRpc,
    input: (ctx) => ({
      ...store(ctx),
      ...(ctx.query.search ? { search: ctx.query.search } : {}),
      ...(ctx.query.low ? { low_only: ctx.query.low === 'true' } : {}),
    }),
  }),
  rpcRoute(http.listRetailMovements, {
    access: { orga: 'store_read' },
    rpc: listRetailMovementsRpc,
    input: (ctx) => ({ ...store(ctx), product_id: pathParam(ctx, 'id') }),
  }),
  rpcRoute(http.receiveRetailStock, {
    access: { orga: 'store_write' },
    rpc: receiveRetailStockRpc,
    input: (ctx) => ({ ...store(ctx), ...ctx.body }),
  }),
  rpcRoute(http.countRetailStock, {
    access: { orga: 'store_write' },
    rpc: countRetailStockRpc,
    input: (ctx) => ({ ...store(ctx), ...ctx.body }),
  }),
  rpcRoute(http.transferRetailStock, {
    access: { orga: 'store_write' },
    rpc: transferRetailStockRpc,
    input: (ctx) => ({ ...store(ctx), ...ctx.body }),
  }),
  rpcRoute(http.setRetailReorderLevel, {
    access: { orga: 'store_admin' },
    rpc: setRetailReorderLevelRpc,
    input: (ctx) => ({ ...store(ctx), product_id: pathParam(ctx, 'id'), ...ctx.body }),
  }),
  rpcRoute(http.createRetailSale, {
    access: { orga: 'store_write' },
    rpc: createRetailSaleRpc,
    input: (ctx) => ({ ...store(ctx), ...ctx.body }),
  }),
  rpcRoute(http.returnRetailSale, {
    access: { orga: 'store_write' },
    rpc: returnRetailSaleRpc,
    input: (ctx) => ({ ...store(ctx), sale_id: pathParam(ctx, 'id'), ...ctx.body }),
  }),

  rpcRoute(http.getRetailSale, {
    access: { orga: 'store_read' },
    rpc: getRetailSaleRpc,
    input: (ctx) => ({ ...store(ctx), sale_id: pathParam(ctx, 'id') }),
  }),
  fileDownloadRoute(http.downloadRetailReceipt, {
    access: { orga: 'store_read' },
    download: async (ctx, rpc) => {
      const lang = langOf(ctx.query);
      return fileOf(await rpc.call(retailReceiptRpc, { ...store(ctx), sale_id: pathParam(ctx, 'id'), ...(lang ? { lang } : {}) }));
    },
  }),
  // pay is the employer's matter: commission rules and payroll are for organization administrators
  rpcRoute(http.listCommissionRules, { access: { orga: 'orga_admin' }, rpc: listCommissionRulesRpc, input: orga }),
  rpcRoute(http.setCommissionRule, {
    access: { orga: 'orga_admin' },
    rpc: setCommissionRuleRpc,
    input: (ctx) => ({ ...orga(ctx), user_id: pathParam(ctx, 'user'), ...ctx.body }),
  }),
  rpcRoute(http.getPayrollReport, {
    access: { orga: 'orga_admin' },
    rpc: payrollReportRpc,
    input: (ctx) => ({ ...store(ctx), from: ctx.query.from, to: ctx.query.to }),
  }),
  fileDownloadRoute(http.downloadPayrollCsv, {
    access: { orga: 'orga_admin' },
    download: async (ctx, rpc) => {
      const lang = langOf(ctx.query);
      return fileOf(await rpc.call(payrollCsvRpc, { ...store(ctx), from: ctx.query.from, to: ctx.query.to, ...(lang ? { lang } : {}) }));
    },
  }),
];
