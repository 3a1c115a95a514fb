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
  updateMessagingSenderRpc,
  updateReminderSettingsRpc,
  updateWhatsappProfileRpc,
  uploadWhatsappProfileImagePartRpc,
  type MessagingFile,
} from '@pawline/contracts';
import { UPLOAD_LIMITS } from '@pawline/domain';
import { ApiError } from '../http/api-error';
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

/** messaging's upload failures (R5.10) carry the i18n key in fields.file and the spec's text in params.message. */
function uploadFailure(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const failure = error as { code?: unknown; fields?: Record<string, unknown>; params?: Record<string, unknown> };
  const key = failure.fields?.['file'];
  const message = failure.params?.['message'];
  if (failure.code !== 'validation_failed' || typeof key !== 'string' || !key.startsWith('errors.upload') || typeof message !== 'string')
    return error;
  return new ApiError(key === 'errors.uploadTooBig' ? 'payload_too_large' : 'validation_failed', { fields: { file: key }, message });
}

async function uploadProfileImage(ctx: RouteContext, file: UploadedFile, rpc: BoundRpc): Promise<MessagingFile> {
  const scope = {
    orga_id: orgaParam(ctx),
    upload_id: randomUUID(),
    file_name: file.fileName,
    total_size: file.oversize ? file.size : file.bytes.length,
  };
  try {
    if (file.oversize) {
      // the size alone: messaging answers with its limit and text
      await rpc.call(uploadWhatsappProfileImagePartRpc, { ...scope, offset: 0, data_base64: '', last: false });
      throw new ApiError('payload_too_large');
    }
    let offset = 0;
    for (;;) {
      const part = file.bytes.subarray(offset, offset + MESSAGING_FILE_PART_BYTES);
      const last = offset + part.length >= file.bytes.length;
      const answer = await rpc.call(uploadWhatsappProfileImagePartRpc, { ...scope, offset, data_base64: part.toString('base64'), last });
      offset += part.length;
      if (last) {
        if (!answer.file) throw new Error('messaging stored no file for the last part');
        return answer.file;
      }
    }
  } catch (error) {
    throw uploadFailure(error);
  }
}

async function downloadProfileImage(ctx: RouteContext, rpc: BoundRpc): Promise<FileDownload> {
  const fileId = pathParam(ctx, 'file');
  const read = (offset: number) => rpc.call(readWhatsappProfileImageRpc, { file_id: fileId, offset });
  const first = await read(0);
  async function* parts(): AsyncGenerator<Buffer> {
    let part = first;
    yield Buffer.from(part.data_base64, 'base64');
    while (part.next_offset !== null) {
      part = await read(part.next_offset);
      yield Buffer.from(part.data_base64, 'base64');
    }
  }
  return { contentType: first.file.mime, fileName: first.file.file_name, size: first.file.size, parts: parts() };
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
  rpcRoute(http.updateMessagingSender, {
    access: { orga: 'orga_admin' },
    rpc: updateMessagingSenderRpc,
    input: (ctx) => ({ ...orgaScope(ctx), ...ctx.body }),
  }),
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
