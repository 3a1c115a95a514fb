import { randomUUID } from 'node:crypto';
import {
  CUSTOMER_PAGE_SIZE,
  FILE_PART_BYTES,
  createCustomerRpc,
  createExternalServiceRpc,
  createPetRpc,
  createTagRpc,
  crmHttpRoutes as http,
  deleteCustomerRpc,
  deleteExternalServiceRpc,
  deleteFileRpc,
  deletePetRpc,
  deleteTagRpc,
  exportCustomerRpc,
  getCrmSettingsRpc,
  getCustomerRpc,
  getPetRpc,
  listPetCardsRpc,
  listCustomersRpc,
  listExternalServicesRpc,
  listFilesRpc,
  listPetsRpc,
  listTagsRpc,
  readFileRpc,
  updateCrmSettingsRpc,
  updateCustomerRpc,
  updateExternalServiceRpc,
  updatePetRpc,
  updateTagRpc,
  uploadFilePartRpc,
  type CrmFileKind,
  type ParsedRouteQuery,
  type StoredFile,
} from '@pawline/contracts';
import { UPLOAD_LIMITS } from '@pawline/domain';
import { ApiError } from '../http/api-error';
import { partsFrom, uploadInParts } from '../http/file-transfer';
import {
  fileDownloadRoute,
  fileUploadRoute,
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

// Customers, pets, tags, external services, crm settings and files (spec §7 "Customers and pets", "Files");
// declared in libs/contracts/src/http/crm.routes.ts. File bytes need several RPCs per request (NATS
// max_payload is 1 MiB; rpc.crm.file.upload-part and rpc.crm.file.read move 512 KiB each): they are
// file routes (raw body in, bytes out, R7.10).

type CustomerListQuery = ParsedRouteQuery<typeof http.listCustomers>;
type PetListQuery = ParsedRouteQuery<typeof http.listPets>;

function customerList(ctx: RouteContext, query: CustomerListQuery, storeId: string | null) {
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

function petList(ctx: RouteContext, query: PetListQuery, storeId: string | null) {
  return {
    orga_id: orgaParam(ctx),
    store_id: storeId,
    ...(query.q ? { q: query.q } : {}),
    ...(query.customer_id ? { customer_id: query.customer_id } : {}),
    last_id: query.last_id ?? null,
    limit: query.limit ?? CUSTOMER_PAGE_SIZE,
  };
}

const storeScope = (ctx: RouteContext) => ({ orga_id: orgaParam(ctx), store_id: storeParam(ctx) });

/**
 * spec §7 …/pet/{petId}/image: the image ?file_id= names among the pet's own (404 when it is not one of
 * them), else the pet's first image, or null when it has none (ADR 0025).
 */
async function thePetImage(ctx: RouteContext, rpc: BoundRpc, fileId: string | undefined): Promise<StoredFile | null> {
  const images = await rpc.call(listFilesRpc, { ...storeScope(ctx), kind: 'pet_image', owner_id: pathParam(ctx, 'pet') });
  if (fileId === undefined) return images[0] ?? null;
  const named = images.find((image) => image.id === fileId);
  if (!named) throw new ApiError('not_found');
  return named;
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
  return uploadInParts(file, FILE_PART_BYTES, (part) => rpc.call(uploadFilePartRpc, { ...scope, ...part }), 'crm');
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
  return { contentType: first.file.mime, fileName: first.file.file_name, size: first.file.size, parts: partsFrom(first, read) };
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
  rpcRoute(http.listSharedCustomers, {
    access: { orga: 'member' },
    rpc: listCustomersRpc,
    input: (ctx) => customerList(ctx, ctx.query, null),
  }),
  rpcRoute(http.listCustomers, {
    access: { orga: 'store_read' },
    rpc: listCustomersRpc,
    input: (ctx) => customerList(ctx, ctx.query, storeParam(ctx)),
  }),
  rpcRoute(http.getCustomer, {
    access: { orga: 'store_read' },
    rpc: getCustomerRpc,
    input: (ctx) => ({ ...storeScope(ctx), customer_id: pathParam(ctx, 'id') }),
  }),
  rpcRoute(http.exportCustomer, {
    access: { orga: 'store_read' },
    rpc: exportCustomerRpc,
    input: (ctx) => ({ ...storeScope(ctx), customer_id: pathParam(ctx, 'id') }),
  }),
  rpcRoute(http.createCustomer, {
    access: { orga: 'pet_write' },
    rpc: createCustomerRpc,
    input: (ctx) => ({ ...ctx.body, ...storeScope(ctx) }),
  }),
  rpcRoute(http.updateCustomer, {
    access: { orga: 'pet_write' },
    rpc: updateCustomerRpc,
    input: (ctx) => ({ ...ctx.body, ...storeScope(ctx), customer_id: pathParam(ctx, 'id') }),
  }),
  rpcRoute(http.deleteCustomer, {
    access: { orga: 'pet_write' },
    rpc: deleteCustomerRpc,
    input: (ctx) => ({ ...storeScope(ctx), customer_id: pathParam(ctx, 'id') }),
  }),
  // pets
  rpcRoute(http.listSharedPets, { access: { orga: 'member' }, rpc: listPetsRpc, input: (ctx) => petList(ctx, ctx.query, null) }),
  rpcRoute(http.listPets, {
    access: { orga: 'store_read' },
    rpc: listPetsRpc,
    input: (ctx) => petList(ctx, ctx.query, storeParam(ctx)),
  }),
  rpcRoute(http.getPet, {
    access: { orga: 'store_read' },
    rpc: getPetRpc,
    input: (ctx) => ({ ...storeScope(ctx), pet_id: pathParam(ctx, 'id') }),
  }),
  // the calendar's cards of a range: one read for all its pets, under the same rule as getPet (R6.08)
  rpcRoute(http.listPetCards, {
    access: { orga: 'store_read' },
    rpc: listPetCardsRpc,
    input: (ctx) => ({ ...storeScope(ctx), pet_ids: ctx.query.ids }),
  }),
  rpcRoute(http.createPet, { access: { orga: 'pet_write' }, rpc: createPetRpc, input: (ctx) => ({ ...ctx.body, ...storeScope(ctx) }) }),
  rpcRoute(http.updatePet, {
    access: { orga: 'pet_write' },
    rpc: updatePetRpc,
    input: (ctx) => ({ ...ctx.body, ...storeScope(ctx), pet_id: pathParam(ctx, 'id') }),
  }),
  rpcRoute(http.deletePet, {
    access: { orga: 'pet_write' },
    rpc: deletePetRpc,
    input: (ctx) => ({ ...storeScope(ctx), pet_id: pathParam(ctx, 'id') }),
  }),
  // file lists and deletion (R7.04)
  rpcRoute(http.listPrivacyFiles, {
    access: { orga: 'store_read' },
    rpc: listFilesRpc,
    input: (ctx) => ({ ...storeScope(ctx), kind: 'customer_privacy' as const, owner_id: pathParam(ctx, 'customer') }),
  }),
  fileUploadRoute(http.uploadPrivacyFile, {
    access: { orga: 'store_write' },
    upload: {
      maxBytes: UPLOAD_LIMITS.customer_privacy.maxBytes,
      mediaTypes: PRIVACY_FILE_TYPES,
      send: (ctx, file, rpc) => uploadToCrm(ctx, file, rpc, 'customer_privacy', pathParam(ctx, 'customer')),
    },
  }),
  multiRpcRoute(http.deleteTheOnlyPrivacyFile, {
    access: { orga: 'store_write' },
    run: async (ctx, rpc) => {
      const scope = storeScope(ctx);
      const [file] = await rpc.call(listFilesRpc, { ...scope, kind: 'customer_privacy', owner_id: pathParam(ctx, 'customer') });
      if (!file) throw new ApiError('not_found');
      return rpc.call(deleteFileRpc, { ...scope, file_id: file.id });
    },
  }),
  fileDownloadRoute(http.downloadPrivacyFile, {
    access: { orga: 'store_read' },
    download: (ctx, rpc) => downloadFromCrm(ctx, rpc, 'customer_privacy', pathParam(ctx, 'customer'), pathParam(ctx, 'file')),
  }),
  rpcRoute(http.deletePrivacyFile, {
    access: { orga: 'store_write' },
    rpc: deleteFileRpc,
    input: (ctx) => ({ ...storeScope(ctx), file_id: pathParam(ctx, 'file') }),
  }),
  rpcRoute(http.listPetImages, {
    access: { orga: 'store_read' },
    rpc: listFilesRpc,
    input: (ctx) => ({ ...storeScope(ctx), kind: 'pet_image' as const, owner_id: pathParam(ctx, 'pet') }),
  }),
  fileUploadRoute(http.uploadPetImage, {
    access: { orga: 'pet_write' },
    upload: {
      maxBytes: UPLOAD_LIMITS.pet_image.maxBytes,
      mediaTypes: PET_IMAGE_TYPES,
      send: (ctx, file, rpc) => uploadToCrm(ctx, file, rpc, 'pet_image', pathParam(ctx, 'pet')),
    },
  }),
  fileUploadRoute(http.replacePetImage, {
    access: { orga: 'pet_write' },
    upload: {
      maxBytes: UPLOAD_LIMITS.pet_image.maxBytes,
      mediaTypes: PET_IMAGE_TYPES,
      send: (ctx, file, rpc) => uploadToCrm(ctx, file, rpc, 'pet_image', pathParam(ctx, 'pet'), pathParam(ctx, 'file')),
    },
  }),
  // spec §7's paths without a file id (ADR 0025); the routes with :file above stay for older clients
  fileUploadRoute(http.replaceThePetImage, {
    access: { orga: 'pet_write' },
    upload: {
      maxBytes: UPLOAD_LIMITS.pet_image.maxBytes,
      mediaTypes: PET_IMAGE_TYPES,
      send: async (ctx, file, rpc) => {
        const old = await thePetImage(ctx, rpc, ctx.query.file_id);
        return uploadToCrm(ctx, file, rpc, 'pet_image', pathParam(ctx, 'pet'), old?.id);
      },
    },
  }),
  multiRpcRoute(http.deleteThePetImage, {
    access: { orga: 'pet_write' },
    run: async (ctx, rpc) => {
      const image = await thePetImage(ctx, rpc, ctx.query.file_id);
      if (!image) throw new ApiError('not_found');
      return rpc.call(deleteFileRpc, { ...storeScope(ctx), file_id: image.id });
    },
  }),
  fileDownloadRoute(http.downloadPetImage, {
    access: { orga: 'store_read' },
    download: (ctx, rpc) => downloadFromCrm(ctx, rpc, 'pet_image', pathParam(ctx, 'pet'), pathParam(ctx, 'file')),
  }),
  fileDownloadRoute(http.downloadPetThumbnail, {
    access: { orga: 'store_read' },
    download: (ctx, rpc) => thumbnailFromCrm(ctx, rpc, 'pet_image', pathParam(ctx, 'pet'), pathParam(ctx, 'file')),
  }),
  rpcRoute(http.deletePetImage, {
    access: { orga: 'pet_write' },
    rpc: deleteFileRpc,
    input: (ctx) => ({ ...storeScope(ctx), file_id: pathParam(ctx, 'file') }),
  }),
  // tags
  rpcRoute(http.listTags, { access: { orga: 'member' }, rpc: listTagsRpc, input: (ctx) => ({ orga_id: orgaParam(ctx), ...ctx.query }) }),
  rpcRoute(http.createTag, {
    access: { orga: 'pet_write' },
    rpc: createTagRpc,
    input: (ctx) => ({ ...ctx.body, orga_id: orgaParam(ctx) }),
  }),
  rpcRoute(http.updateTag, {
    access: { orga: 'pet_write' },
    rpc: updateTagRpc,
    input: (ctx) => ({ ...ctx.body, orga_id: orgaParam(ctx), tag_id: pathParam(ctx, 'tag') }),
  }),
  rpcRoute(http.deleteTag, {
    access: { orga: 'pet_write' },
    rpc: deleteTagRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), tag_id: pathParam(ctx, 'tag') }),
  }),
  // external services (R1.10)
  rpcRoute(http.listExternalServices, {
    access: { orga: 'member' },
    rpc: listExternalServicesRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx) }),
  }),
  rpcRoute(http.createExternalService, {
    access: { orga: 'orga_admin' },
    rpc: createExternalServiceRpc,
    input: (ctx) => ({ ...ctx.body, orga_id: orgaParam(ctx) }),
  }),
  rpcRoute(http.updateExternalService, {
    access: { orga: 'orga_admin' },
    rpc: updateExternalServiceRpc,
    input: (ctx) => ({ ...ctx.body, orga_id: orgaParam(ctx), external_service_id: pathParam(ctx, 'id') }),
  }),
  rpcRoute(http.deleteExternalService, {
    access: { orga: 'orga_admin' },
    rpc: deleteExternalServiceRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), external_service_id: pathParam(ctx, 'id') }),
  }),
  // organization crm settings (R5.13)
  rpcRoute(http.getCrmSettings, { access: { orga: 'member' }, rpc: getCrmSettingsRpc, input: (ctx) => ({ orga_id: orgaParam(ctx) }) }),
  rpcRoute(http.updateCrmSettings, {
    access: { orga: 'orga_admin' },
    rpc: updateCrmSettingsRpc,
    input: (ctx) => ({ ...ctx.body, orga_id: orgaParam(ctx) }),
  }),
];
