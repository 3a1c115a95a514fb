import { randomUUID } from 'node:crypto';
import {
  MESSAGING_FILE_PART_BYTES,
  createMessageTemplateRpc,
  deleteMessageTemplateRpc,
  deleteWhatsappProfileImageRpc,
  getMessageQuotaRpc,
  getMessagingSenderRpc,
  getReminderSettingsRpc,
  getWhatsappProfileRpc,
  listMessageTemplatesRpc,
  listWhatsappProfileImagesRpc,
  messagingHttpRoutes as http,
  previewMessageTemplateRpc,
  readWhatsappProfileImageRpc,
  updateMessageTemplateRpc,
  updateReminderSettingsRpc,
  updateWhatsappProfileRpc,
  uploadWhatsappProfileImagePartRpc,
  connectWhatsappManuallyRpc,
  connectWhatsappRpc,
  disconnectWhatsappRpc,
  getWhatsappAccountRpc,
  getWhatsappSignupConfigRpc,
  listWhatsappTemplatesRpc,
  type MessagingFile,
} from '@pawline/contracts';
import { UPLOAD_LIMITS } from '@pawline/domain';
import { partsFrom, uploadInParts } from '../http/file-transfer';
import {
  fileDownloadRoute,
  fileUploadRoute,
  orgaParam,
  pathParam,
  rpcRoute,
  storeParam,
  type ApiRoute,
  type BoundRpc,
  type FileDownload,
  type RouteContext,
  type UploadedFile,
} from '../http/route-definition';

// messaging (issue 12): templates, reminder settings, quota, sender, WhatsApp profile and its image;
// paths and bodies are declared in libs/contracts/src/http/messaging.routes.ts. The gateway checks the
// access rule, the service checks it again. Image bytes move in 512 KiB RPC parts (NATS max_payload).

const orgaScope = (ctx: RouteContext) => ({ orga_id: orgaParam(ctx) });

async function uploadProfileImage(ctx: RouteContext, file: UploadedFile, rpc: BoundRpc): Promise<MessagingFile> {
  const scope = {
    orga_id: orgaParam(ctx),
    upload_id: randomUUID(),
    file_name: file.fileName,
    total_size: file.oversize ? file.size : file.bytes.length,
  };
  return uploadInParts(
    file,
    MESSAGING_FILE_PART_BYTES,
    (part) => rpc.call(uploadWhatsappProfileImagePartRpc, { ...scope, ...part }),
    'messaging',
  );
}

async function downloadProfileImage(ctx: RouteContext, rpc: BoundRpc): Promise<FileDownload> {
  const fileId = pathParam(ctx, 'file');
  const read = (offset: number) => rpc.call(readWhatsappProfileImageRpc, { file_id: fileId, offset });
  const first = await read(0);
  return { contentType: first.file.mime, fileName: first.file.file_name, size: first.file.size, parts: partsFrom(first, read) };
}

export const messagingRoutes: ApiRoute[] = [
  rpcRoute(http.listMessageTemplates, { access: { orga: 'member' }, rpc: listMessageTemplatesRpc, input: orgaScope }),
  rpcRoute(http.createMessageTemplate, {
    access: { orga: 'orga_admin' },
    rpc: createMessageTemplateRpc,
    input: (ctx) => ({ ...orgaScope(ctx), ...ctx.body }),
  }),
  rpcRoute(http.updateMessageTemplate, {
    access: { orga: 'orga_admin' },
    rpc: updateMessageTemplateRpc,
    input: (ctx) => ({ ...orgaScope(ctx), template_id: pathParam(ctx, 'template'), ...ctx.body }),
  }),
  rpcRoute(http.deleteMessageTemplate, {
    access: { orga: 'orga_admin' },
    rpc: deleteMessageTemplateRpc,
    input: (ctx) => ({ ...orgaScope(ctx), template_id: pathParam(ctx, 'template') }),
  }),
  rpcRoute(http.previewMessageTemplate, {
    access: { orga: 'store_read' },
    rpc: previewMessageTemplateRpc,
    input: (ctx) => ({ ...orgaScope(ctx), store_id: storeParam(ctx), ...ctx.body }),
  }),
  rpcRoute(http.getReminderSettings, { access: { orga: 'member' }, rpc: getReminderSettingsRpc, input: orgaScope }),
  rpcRoute(http.updateReminderSettings, {
    access: { orga: 'orga_admin' },
    rpc: updateReminderSettingsRpc,
    input: (ctx) => ({ ...orgaScope(ctx), ...ctx.body }),
  }),
  rpcRoute(http.getMessageQuota, { access: { orga: 'member' }, rpc: getMessageQuotaRpc, input: orgaScope }),
  rpcRoute(http.getMessagingSender, { access: { orga: 'member' }, rpc: getMessagingSenderRpc, input: orgaScope }),
  rpcRoute(http.getWhatsappSignupConfig, { access: { orga: 'member' }, rpc: getWhatsappSignupConfigRpc, input: orgaScope }),
  rpcRoute(http.getWhatsappAccount, { access: { orga: 'member' }, rpc: getWhatsappAccountRpc, input: orgaScope }),
  rpcRoute(http.connectWhatsapp, {
    access: { orga: 'orga_admin' },
    rpc: connectWhatsappRpc,
    input: (ctx) => ({ ...orgaScope(ctx), ...ctx.body }),
  }),
  rpcRoute(http.connectWhatsappManually, {
    access: { orga: 'orga_admin' },
    rpc: connectWhatsappManuallyRpc,
    input: (ctx) => ({ ...orgaScope(ctx), ...ctx.body }),
  }),
  rpcRoute(http.disconnectWhatsapp, { access: { orga: 'orga_admin' }, rpc: disconnectWhatsappRpc, input: orgaScope }),
  rpcRoute(http.listWhatsappTemplates, { access: { orga: 'member' }, rpc: listWhatsappTemplatesRpc, input: orgaScope }),
  rpcRoute(http.getWhatsappProfile, { access: { orga: 'member' }, rpc: getWhatsappProfileRpc, input: orgaScope }),
  rpcRoute(http.updateWhatsappProfile, {
    access: { orga: 'orga_admin' },
    rpc: updateWhatsappProfileRpc,
    input: (ctx) => ({ ...orgaScope(ctx), ...ctx.body }),
  }),
  rpcRoute(http.listWhatsappProfileImages, { access: { orga: 'member' }, rpc: listWhatsappProfileImagesRpc, input: orgaScope }),
  fileUploadRoute(http.uploadWhatsappProfileImage, {
    access: { orga: 'orga_admin' },
    upload: { maxBytes: UPLOAD_LIMITS.whatsapp_profile.maxBytes, mediaTypes: ['image/png', 'image/jpeg'], send: uploadProfileImage },
  }),
  rpcRoute(http.deleteWhatsappProfileImage, { access: { orga: 'orga_admin' }, rpc: deleteWhatsappProfileImageRpc, input: orgaScope }),
  // the path names no organization (spec §7): messaging checks the caller is a member of the file's
  fileDownloadRoute(http.downloadWhatsappProfileImage, { access: 'user', download: downloadProfileImage }),
];
