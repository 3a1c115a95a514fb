import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  CUSTOMER_PAGE_SIZE,
  FILE_PART_BYTES,
  readFileRpc,
  storedFileSchema,
  uploadFilePartRpc,
  type CrmFileKind,
  type StoredFile,
  CUSTOMER_PAGE_SIZE_MAX,
  createCustomerRpc,
  createExternalServiceRpc,
  createPetRpc,
  createTagRpc,
  customerSortSchema,
  deleteCustomerRpc,
  deleteExternalServiceRpc,
  deleteFileRpc,
  deletePetRpc,
  deleteTagRpc,
  exportCustomerRpc,
  getCrmSettingsRpc,
  getCustomerRpc,
  getPetRpc,
  listCustomersRpc,
  listExternalServicesRpc,
  listFilesRpc,
  listPetsRpc,
  listTagsRpc,
  tagKindSchema,
  updateCrmSettingsRpc,
  updateCustomerRpc,
  updateExternalServiceRpc,
  updatePetRpc,
  updateTagRpc,
} from '@pawline/contracts';
import { UPLOAD_LIMITS } from '@pawline/domain';
import { ApiError } from '../http/api-error';
import {
  fileRoute,
  multiRpcRoute,
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

// Customers, pets, tags, external services, crm settings and files (spec §7 "Customers and pets", "Files").
// File bytes need several RPCs per request (NATS max_payload is 1 MiB; rpc.crm.file.upload-part and
// rpc.crm.file.read move 512 KiB each): they are file routes (raw body in, bytes out, R7.10).

/** Query strings are text: ?q=&sort=&last_id=&limit=&tag_ids=a,b */
const customerListQuery = z.strictObject({
  q: z.string().max(100).optional(),
  sort: customerSortSchema.optional(),
  last_id: z.string().uuid().optional(),
  limit: z.coerce.number().int().min(1).max(CUSTOMER_PAGE_SIZE_MAX).optional(),
  tag_ids: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').filter(Boolean) : []))
    .pipe(z.array(z.string().uuid()).max(20)),
});
type CustomerListQuery = z.infer<typeof customerListQuery>;

const petListQuery = z.strictObject({
  q: z.string().max(100).optional(),
  customer_id: z.string().uuid().optional(),
  last_id: z.string().uuid().optional(),
  limit: z.coerce.number().int().min(1).max(CUSTOMER_PAGE_SIZE_MAX).optional(),
});
type PetListQuery = z.infer<typeof petListQuery>;

function customerList(ctx: RouteContext, storeId: string | null) {
  const query = ctx.query as CustomerListQuery;
  return {
    orga_id: orgaParam(ctx),
    store_id: storeId,
    ...(query.q ? { q: query.q } : {}),
    sort: query.sort ?? 'name',
    tag_ids: query.tag_ids,
    last_id: query.last_id ?? null,
    limit: query.limit ?? CUSTOMER_PAGE_SIZE,
  };
}

function petList(ctx: RouteContext, storeId: string | null) {
  const query = ctx.query as PetListQuery;
  return {
    orga_id: orgaParam(ctx),
    store_id: storeId,
    ...(query.q ? { q: query.q } : {}),
    ...(query.customer_id ? { customer_id: query.customer_id } : {}),
    last_id: query.last_id ?? null,
    limit: query.limit ?? CUSTOMER_PAGE_SIZE,
  };
}

const customerBody = createCustomerRpc.request.omit({ orga_id: true, store_id: true });
const customerUpdateBody = updateCustomerRpc.request.omit({ orga_id: true, store_id: true, customer_id: true });
const petBody = createPetRpc.request.omit({ orga_id: true, store_id: true });
const petUpdateBody = updatePetRpc.request.omit({ orga_id: true, store_id: true, pet_id: true });
const tagBody = createTagRpc.request.omit({ orga_id: true });
const tagUpdateBody = updateTagRpc.request.omit({ orga_id: true, tag_id: true });
const externalBody = createExternalServiceRpc.request.omit({ orga_id: true });
const externalUpdateBody = updateExternalServiceRpc.request.omit({ orga_id: true, external_service_id: true });
const settingsBody = updateCrmSettingsRpc.request.omit({ orga_id: true });

const STORE = '/api/v1/orga/:orga/store/:store';

/** crm's upload failures (R5.10) carry the i18n key in fields.file and the spec's text in params.message. */
function uploadFailure(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const failure = error as { code?: unknown; fields?: Record<string, unknown>; params?: Record<string, unknown> };
  const key = failure.fields?.['file'];
  const message = failure.params?.['message'];
  if (failure.code !== 'validation_failed' || typeof key !== 'string' || !key.startsWith('errors.upload') || typeof message !== 'string')
    return error;
  return new ApiError(key === 'errors.uploadTooBig' ? 'payload_too_large' : 'validation_failed', { fields: { file: key }, message });
}

/**
 * Sends a raw body to crm as ordered upload-part RPCs; the last answer carries the stored file.
 * A body over the cap announces its size only, so crm answers with its own limit and text.
 */
async function uploadToCrm(
  ctx: RouteContext,
  file: UploadedFile,
  rpc: BoundRpc,
  kind: CrmFileKind,
  ownerId: string,
  replacesFileId?: string,
): Promise<StoredFile> {
  const scope = {
    orga_id: orgaParam(ctx),
    store_id: storeParam(ctx),
    kind,
    owner_id: ownerId,
    upload_id: randomUUID(),
    file_name: file.fileName,
    total_size: file.oversize ? file.size : file.bytes.length,
    ...(replacesFileId ? { replaces_file_id: replacesFileId } : {}),
  };
  try {
    if (file.oversize) {
      await rpc.call(uploadFilePartRpc, { ...scope, offset: 0, data_base64: '', last: false });
      throw new ApiError('payload_too_large');
    }
    let offset = 0;
    for (;;) {
      const part = file.bytes.subarray(offset, offset + FILE_PART_BYTES);
      const last = offset + part.length >= file.bytes.length;
      const answer = await rpc.call(uploadFilePartRpc, { ...scope, offset, data_base64: part.toString('base64'), last });
      offset += part.length;
      if (last) {
        if (!answer.file) throw new Error('crm stored no file for the last part');
        return answer.file;
      }
    }
  } catch (error) {
    throw uploadFailure(error);
  }
}

/** Reads a stored file part by part; it must be the path's owner's file of the kind. */
async function downloadFromCrm(
  ctx: RouteContext,
  rpc: BoundRpc,
  kind: CrmFileKind,
  ownerId: string,
  fileId: string,
): Promise<FileDownload> {
  const read = (offset: number) =>
    rpc.call(readFileRpc, { orga_id: orgaParam(ctx), store_id: storeParam(ctx), file_id: fileId, offset, thumbnail: false });
  const first = await read(0);
  if (first.file.kind !== kind || first.file.owner_id !== ownerId) throw new ApiError('not_found');
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

/** An image's thumbnail: small enough to come in one part. */
async function thumbnailFromCrm(
  ctx: RouteContext,
  rpc: BoundRpc,
  kind: CrmFileKind,
  ownerId: string,
  fileId: string,
): Promise<FileDownload> {
  const answer = await rpc.call(readFileRpc, {
    orga_id: orgaParam(ctx),
    store_id: storeParam(ctx),
    file_id: fileId,
    offset: 0,
    thumbnail: true,
  });
  if (answer.file.kind !== kind || answer.file.owner_id !== ownerId || !answer.file.has_thumbnail) throw new ApiError('not_found');
  const bytes = Buffer.from(answer.data_base64, 'base64');
  if (answer.next_offset !== null) throw new Error(`thumbnail of ${fileId} is larger than one part`);
  return {
    contentType: 'image/jpeg',
    fileName: `${answer.file.file_name.replace(/\.[^.]+$/, '')}-thumbnail.jpg`,
    size: bytes.length,
    parts: (async function* () {
      yield bytes;
    })(),
  };
}

const PET_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
const PRIVACY_FILE_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/msword',
  'image/jpeg',
  'image/png',
] as const;

export const crmRoutes: ApiRoute[] = [
  // customers
  rpcRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/shared/customers',
    summary: "The organization's customers when pets are shared (R1.11, R6.08, R7.07); search q, sort, tag_ids, paging by last_id",
    tag: 'crm',
    access: { orga: 'member' },
    query: customerListQuery,
    rpc: listCustomersRpc,
    input: (ctx) => customerList(ctx, null),
  }),
  rpcRoute({
    method: 'get',
    path: `${STORE}/customers`,
    summary: "A store's customers (the organization's with share_pets) (R6.08, R7.07); search q, sort, tag_ids, paging by last_id",
    tag: 'crm',
    access: { orga: 'store_read' },
    query: customerListQuery,
    rpc: listCustomersRpc,
    input: (ctx) => customerList(ctx, storeParam(ctx)),
  }),
  rpcRoute({
    method: 'get',
    path: `${STORE}/customer/:id`,
    summary: 'A customer: customer, tags, external_services (R7.07)',
    tag: 'crm',
    access: { orga: 'store_read' },
    rpc: getCustomerRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), store_id: storeParam(ctx), customer_id: pathParam(ctx, 'id') }),
  }),
  rpcRoute({
    method: 'get',
    path: `${STORE}/customer/:id/export`,
    summary: 'A customer as JSON: data, pets and the list of files',
    tag: 'crm',
    access: { orga: 'store_read' },
    rpc: exportCustomerRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), store_id: storeParam(ctx), customer_id: pathParam(ctx, 'id') }),
  }),
  rpcRoute({
    method: 'post',
    path: `${STORE}/customer`,
    summary: 'Create a customer with ordered tags and external ids (R3.05)',
    tag: 'crm',
    access: { orga: 'pet_write' },
    status: 201,
    body: customerBody,
    rpc: createCustomerRpc,
    input: (ctx) => ({ ...(ctx.body as z.infer<typeof customerBody>), orga_id: orgaParam(ctx), store_id: storeParam(ctx) }),
  }),
  rpcRoute({
    method: 'put',
    path: `${STORE}/customer/:id`,
    summary: 'Change a customer (only the fields sent)',
    tag: 'crm',
    access: { orga: 'pet_write' },
    body: customerUpdateBody,
    rpc: updateCustomerRpc,
    input: (ctx) => ({
      ...(ctx.body as z.infer<typeof customerUpdateBody>),
      orga_id: orgaParam(ctx),
      store_id: storeParam(ctx),
      customer_id: pathParam(ctx, 'id'),
    }),
  }),
  rpcRoute({
    method: 'delete',
    path: `${STORE}/customer/:id`,
    summary: 'Delete a customer with their pets and files',
    tag: 'crm',
    access: { orga: 'pet_write' },
    rpc: deleteCustomerRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), store_id: storeParam(ctx), customer_id: pathParam(ctx, 'id') }),
  }),
  // pets
  rpcRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/shared/pets',
    summary: "The organization's pets when pets are shared (R1.11, R6.08, R7.07)",
    tag: 'crm',
    access: { orga: 'member' },
    query: petListQuery,
    rpc: listPetsRpc,
    input: (ctx) => petList(ctx, null),
  }),
  rpcRoute({
    method: 'get',
    path: `${STORE}/pets`,
    summary: "A store's pets (the organization's with share_pets) (R6.08, R7.07); customer_id for one customer's pets",
    tag: 'crm',
    access: { orga: 'store_read' },
    query: petListQuery,
    rpc: listPetsRpc,
    input: (ctx) => petList(ctx, storeParam(ctx)),
  }),
  rpcRoute({
    method: 'get',
    path: `${STORE}/pet/:id`,
    summary: 'A pet: pet, tags (R7.07)',
    tag: 'crm',
    access: { orga: 'store_read' },
    rpc: getPetRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), store_id: storeParam(ctx), pet_id: pathParam(ctx, 'id') }),
  }),
  rpcRoute({
    method: 'post',
    path: `${STORE}/pet`,
    summary: 'Create a pet for a customer (R3.06)',
    tag: 'crm',
    access: { orga: 'pet_write' },
    status: 201,
    body: petBody,
    rpc: createPetRpc,
    input: (ctx) => ({ ...(ctx.body as z.infer<typeof petBody>), orga_id: orgaParam(ctx), store_id: storeParam(ctx) }),
  }),
  rpcRoute({
    method: 'put',
    path: `${STORE}/pet/:id`,
    summary: 'Change a pet (only the fields sent)',
    tag: 'crm',
    access: { orga: 'pet_write' },
    body: petUpdateBody,
    rpc: updatePetRpc,
    input: (ctx) => ({
      ...(ctx.body as z.infer<typeof petUpdateBody>),
      orga_id: orgaParam(ctx),
      store_id: storeParam(ctx),
      pet_id: pathParam(ctx, 'id'),
    }),
  }),
  rpcRoute({
    method: 'delete',
    path: `${STORE}/pet/:id`,
    summary: 'Delete a pet with its images',
    tag: 'crm',
    access: { orga: 'pet_write' },
    rpc: deletePetRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), store_id: storeParam(ctx), pet_id: pathParam(ctx, 'id') }),
  }),
  // file lists and deletion (R7.04)
  rpcRoute({
    method: 'get',
    path: `${STORE}/customer/:customer/privacy_files`,
    summary: "A customer's privacy file (list of at most 1) (R7.04)",
    tag: 'crm',
    access: { orga: 'store_read' },
    rpc: listFilesRpc,
    input: (ctx) => ({
      orga_id: orgaParam(ctx),
      store_id: storeParam(ctx),
      kind: 'customer_privacy' as const,
      owner_id: pathParam(ctx, 'customer'),
    }),
  }),
  fileRoute({
    method: 'post',
    path: `${STORE}/customer/:customer/privacy_file`,
    summary:
      "Upload a customer's privacy file (1 file, pdf/docx/doc/jpg/png by content, ≤ 2 MB) as the raw body with X-File-Name (R7.04, R7.10, R9.04)",
    tag: 'crm',
    access: { orga: 'store_write' },
    status: 201,
    upload: {
      maxBytes: UPLOAD_LIMITS.customer_privacy.maxBytes,
      mediaTypes: PRIVACY_FILE_TYPES,
      send: (ctx, file, rpc) => uploadToCrm(ctx, file, rpc, 'customer_privacy', pathParam(ctx, 'customer')),
    },
    responseSchema: storedFileSchema,
  }),
  multiRpcRoute({
    method: 'delete',
    path: `${STORE}/customer/:customer/privacy_file`,
    summary: "Delete the customer's privacy file (there is at most one) (R7.04)",
    tag: 'crm',
    access: { orga: 'store_write' },
    responseSchema: deleteFileRpc.response,
    run: async (ctx, rpc) => {
      const scope = { orga_id: orgaParam(ctx), store_id: storeParam(ctx) };
      const [file] = await rpc.call(listFilesRpc, { ...scope, kind: 'customer_privacy', owner_id: pathParam(ctx, 'customer') });
      if (!file) throw new ApiError('not_found');
      return rpc.call(deleteFileRpc, { ...scope, file_id: file.id });
    },
  }),
  fileRoute({
    method: 'get',
    path: `${STORE}/customer/:customer/privacy_file/:file`,
    summary: "A customer's privacy file: its bytes with the stored Content-Type (R7.04)",
    tag: 'crm',
    access: { orga: 'store_read' },
    download: (ctx, rpc) => downloadFromCrm(ctx, rpc, 'customer_privacy', pathParam(ctx, 'customer'), pathParam(ctx, 'file')),
  }),
  rpcRoute({
    method: 'delete',
    path: `${STORE}/customer/:customer/privacy_file/:file`,
    summary: "Delete a customer's privacy file (R7.04)",
    tag: 'crm',
    access: { orga: 'store_write' },
    rpc: deleteFileRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), store_id: storeParam(ctx), file_id: pathParam(ctx, 'file') }),
  }),
  rpcRoute({
    method: 'get',
    path: `${STORE}/pet/:pet/images`,
    summary: "A pet's images (at most 4) (R7.04)",
    tag: 'crm',
    access: { orga: 'store_read' },
    rpc: listFilesRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), store_id: storeParam(ctx), kind: 'pet_image' as const, owner_id: pathParam(ctx, 'pet') }),
  }),
  fileRoute({
    method: 'post',
    path: `${STORE}/pet/:pet/image`,
    summary: 'Upload a pet image (≤ 4 per pet, jpg/png by content, ≤ 1 MB) as the raw body with X-File-Name (R7.04, R7.10, R9.04)',
    tag: 'crm',
    access: { orga: 'pet_write' },
    status: 201,
    upload: {
      maxBytes: UPLOAD_LIMITS.pet_image.maxBytes,
      mediaTypes: PET_IMAGE_TYPES,
      send: (ctx, file, rpc) => uploadToCrm(ctx, file, rpc, 'pet_image', pathParam(ctx, 'pet')),
    },
    responseSchema: storedFileSchema,
  }),
  fileRoute({
    method: 'put',
    path: `${STORE}/pet/:pet/image/:file`,
    summary:
      'Replace a pet image by a new one (raw body with X-File-Name); the answer is the new file, the old one is removed (R7.04, R7.10)',
    tag: 'crm',
    access: { orga: 'pet_write' },
    status: 200,
    upload: {
      maxBytes: UPLOAD_LIMITS.pet_image.maxBytes,
      mediaTypes: PET_IMAGE_TYPES,
      send: (ctx, file, rpc) => uploadToCrm(ctx, file, rpc, 'pet_image', pathParam(ctx, 'pet'), pathParam(ctx, 'file')),
    },
    responseSchema: storedFileSchema,
  }),
  fileRoute({
    method: 'get',
    path: `${STORE}/pet/:pet/image/:file`,
    summary: 'A pet image: its bytes with the stored Content-Type (R7.04)',
    tag: 'crm',
    access: { orga: 'store_read' },
    download: (ctx, rpc) => downloadFromCrm(ctx, rpc, 'pet_image', pathParam(ctx, 'pet'), pathParam(ctx, 'file')),
  }),
  fileRoute({
    method: 'get',
    path: `${STORE}/pet/:pet/image/:file/thumbnail`,
    summary: 'A pet image made small (JPEG, fits 256 × 256) for galleries and lists',
    tag: 'crm',
    access: { orga: 'store_read' },
    download: (ctx, rpc) => thumbnailFromCrm(ctx, rpc, 'pet_image', pathParam(ctx, 'pet'), pathParam(ctx, 'file')),
  }),
  rpcRoute({
    method: 'delete',
    path: `${STORE}/pet/:pet/image/:file`,
    summary: "Delete a pet's image (R7.04)",
    tag: 'crm',
    access: { orga: 'pet_write' },
    rpc: deleteFileRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), store_id: storeParam(ctx), file_id: pathParam(ctx, 'file') }),
  }),
  // tags
  rpcRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/tags',
    summary: "The organization's customer and pet tags (R1.05); ?kind=customer|pet",
    tag: 'crm',
    access: { orga: 'member' },
    query: z.strictObject({ kind: tagKindSchema.optional() }),
    rpc: listTagsRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), ...(ctx.query as { kind?: 'customer' | 'pet' }) }),
  }),
  rpcRoute({
    method: 'post',
    path: '/api/v1/orga/:orga/tag',
    summary: 'Create a tag with a name and an emoji or one of the 31 icons (R1.05, R3.20)',
    tag: 'crm',
    access: { orga: 'pet_write' },
    status: 201,
    body: tagBody,
    rpc: createTagRpc,
    input: (ctx) => ({ ...(ctx.body as z.infer<typeof tagBody>), orga_id: orgaParam(ctx) }),
  }),
  rpcRoute({
    method: 'put',
    path: '/api/v1/orga/:orga/tag/:tag',
    summary: 'Change a tag',
    tag: 'crm',
    access: { orga: 'pet_write' },
    body: tagUpdateBody,
    rpc: updateTagRpc,
    input: (ctx) => ({ ...(ctx.body as z.infer<typeof tagUpdateBody>), orga_id: orgaParam(ctx), tag_id: pathParam(ctx, 'tag') }),
  }),
  rpcRoute({
    method: 'delete',
    path: '/api/v1/orga/:orga/tag/:tag',
    summary: 'Delete a tag (removed from every customer and pet)',
    tag: 'crm',
    access: { orga: 'pet_write' },
    rpc: deleteTagRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), tag_id: pathParam(ctx, 'tag') }),
  }),
  // external services (R1.10)
  rpcRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/external_services',
    summary: "The organization's external service configuration (R1.10)",
    tag: 'crm',
    access: { orga: 'member' },
    rpc: listExternalServicesRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx) }),
  }),
  rpcRoute({
    method: 'post',
    path: '/api/v1/orga/:orga/external_service',
    summary: 'Add an external service; a used service_id answers server_401 (R5.14, R8.04)',
    tag: 'crm',
    access: { orga: 'orga_admin' },
    status: 201,
    body: externalBody,
    rpc: createExternalServiceRpc,
    input: (ctx) => ({ ...(ctx.body as z.infer<typeof externalBody>), orga_id: orgaParam(ctx) }),
  }),
  rpcRoute({
    method: 'put',
    path: '/api/v1/orga/:orga/external_service/:id',
    summary: 'Change an external service (server_401 for a used service_id)',
    tag: 'crm',
    access: { orga: 'orga_admin' },
    body: externalUpdateBody,
    rpc: updateExternalServiceRpc,
    input: (ctx) => ({
      ...(ctx.body as z.infer<typeof externalUpdateBody>),
      orga_id: orgaParam(ctx),
      external_service_id: pathParam(ctx, 'id'),
    }),
  }),
  rpcRoute({
    method: 'delete',
    path: '/api/v1/orga/:orga/external_service/:id',
    summary: 'Delete an external service and every customer entity id in it',
    tag: 'crm',
    access: { orga: 'orga_admin' },
    rpc: deleteExternalServiceRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), external_service_id: pathParam(ctx, 'id') }),
  }),
  // organization crm settings (R5.13)
  rpcRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/crm_settings',
    summary: 'Mandatory customer information and pet information at checkout (R5.13)',
    tag: 'crm',
    access: { orga: 'member' },
    rpc: getCrmSettingsRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx) }),
  }),
  rpcRoute({
    method: 'put',
    path: '/api/v1/orga/:orga/crm_settings',
    summary: 'Change mandatory customer information (at most 3) and pet information at checkout (R5.13)',
    tag: 'crm',
    access: { orga: 'orga_admin' },
    body: settingsBody,
    rpc: updateCrmSettingsRpc,
    input: (ctx) => ({ ...(ctx.body as z.infer<typeof settingsBody>), orga_id: orgaParam(ctx) }),
  }),
];
