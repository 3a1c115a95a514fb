import {
  confirmPaymentRpc,
  getBillingProfileRpc,
  getSubscriptionRpc,
  listInvoicesRpc,
  listPlansRpc,
  payDeclinedChargeRpc,
  readInvoiceDocumentRpc,
  subscribeRpc,
  updateBillingProfileRpc,
  billingHttpRoutes as http,
} from '@pawline/contracts';
import {
  fileDownloadRoute,
  orgaParam,
  pathParam,
  rpcRoute,
  type ApiRoute,
  type BoundRpc,
  type FileDownload,
  type RouteContext,
} from '../http/route-definition';

// billing (issue 14); paths and bodies are declared in libs/contracts/src/http/billing.routes.ts.
// The gateway checks the access rule, the service checks it again. Every billing route stays open
// while the organization's trial has expired or its Premium lapsed: they are how it subscribes (ADR 0030).

async function invoiceDocument(ctx: RouteContext, rpc: BoundRpc, format: 'pdf' | 'xml'): Promise<FileDownload> {
  const file = await rpc.call(readInvoiceDocumentRpc, { orga_id: orgaParam(ctx), invoice_id: pathParam(ctx, 'invoice'), format });
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

export const billingRoutes: ApiRoute[] = [
  rpcRoute(http.listPlans, {
    access: { orga: 'member', whileInactive: true },
    rpc: listPlansRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx) }),
  }),
  rpcRoute(http.getSubscription, {
    access: { orga: 'member', whileInactive: true },
    rpc: getSubscriptionRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx) }),
  }),
  rpcRoute(http.subscribe, {
    access: { orga: 'orga_admin', whileInactive: true },
    rpc: subscribeRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), ...ctx.body }),
  }),
  rpcRoute(http.confirmPayment, {
    access: { orga: 'orga_admin', whileInactive: true },
    rpc: confirmPaymentRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), payment_id: pathParam(ctx, 'payment'), ...ctx.body }),
  }),
  rpcRoute(http.payDeclinedCharge, {
    access: { orga: 'orga_admin', whileInactive: true },
    rpc: payDeclinedChargeRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx) }),
  }),
  rpcRoute(http.getBillingProfile, {
    access: { orga: 'orga_admin', whileInactive: true },
    rpc: getBillingProfileRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx) }),
  }),
  rpcRoute(http.updateBillingProfile, {
    access: { orga: 'orga_admin', whileInactive: true },
    rpc: updateBillingProfileRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), ...ctx.body }),
  }),
  rpcRoute(http.listInvoices, {
    access: { orga: 'orga_admin', whileInactive: true },
    rpc: listInvoicesRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx) }),
  }),
  fileDownloadRoute(http.downloadInvoicePdf, {
    access: { orga: 'orga_admin', whileInactive: true },
    download: (ctx, rpc) => invoiceDocument(ctx, rpc, 'pdf'),
  }),
  fileDownloadRoute(http.downloadInvoiceXml, {
    access: { orga: 'orga_admin', whileInactive: true },
    download: (ctx, rpc) => invoiceDocument(ctx, rpc, 'xml'),
  }),
];
