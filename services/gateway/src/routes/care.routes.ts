import { randomUUID } from 'node:crypto';
import {
  FILE_PART_BYTES,
  careHttpRoutes as http,
  createVaccinationRpc,
  deleteVaccinationRpc,
  getCareSettingsRpc,
  listVaccinationsRpc,
  readFileRpc,
  updateCareSettingsRpc,
  updateVaccinationRpc,
  uploadFilePartRpc,
  verifyVaccinationRpc,
} from '@pawline/contracts';
import { UPLOAD_LIMITS } from '@pawline/domain';
import { ApiError } from '../http/api-error';
import { partsFrom, uploadInParts } from '../http/file-transfer';
import {
  fileDownloadRoute,
  fileUploadRoute,
  orgaParam,
  pathParam,
  rpcRoute,
  storeParam,
  type BoundRpc,
  type ApiRoute,
  type RouteContext,
} from '../http/route-definition';

// Issue 31 a pet's vaccinations and a store's requirement (ADR 0062), declared in libs/contracts/src/http/care.routes.ts.
// A proof is a crm file of kind vaccination_proof owned by the vaccination: crm checks the vaccination is the path's
// pet's and the pet the store's before a byte is kept or read.

const storeScope = (ctx: RouteContext) => ({ orga_id: orgaParam(ctx), store_id: storeParam(ctx) });
const vaccinationScope = (ctx: RouteContext) => ({
  ...storeScope(ctx),
  pet_id: pathParam(ctx, 'pet'),
  vaccination_id: pathParam(ctx, 'vaccination'),
});
const PROOF_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;

/** The path's vaccination of the path's pet (not_found otherwise), then its proof if it has one. */
async function proofOf(ctx: RouteContext, rpc: BoundRpc) {
  const { items } = await rpc.call(listVaccinationsRpc, { ...storeScope(ctx), pet_id: pathParam(ctx, 'pet') });
  const vaccination = items.find((v) => v.id === pathParam(ctx, 'vaccination'));
  if (!vaccination) throw new ApiError('not_found');
  return vaccination.proof;
}

export const careRoutes: ApiRoute[] = [
  rpcRoute(http.listVaccinations, {
    access: { orga: 'store_read' },
    rpc: listVaccinationsRpc,
    input: (ctx) => ({ ...storeScope(ctx), pet_id: pathParam(ctx, 'pet') }),
  }),
  rpcRoute(http.createVaccination, {
    access: { orga: 'pet_write' },
    rpc: createVaccinationRpc,
    input: (ctx) => ({ ...ctx.body, ...storeScope(ctx), pet_id: pathParam(ctx, 'pet') }),
  }),
  rpcRoute(http.updateVaccination, {
    access: { orga: 'pet_write' },
    rpc: updateVaccinationRpc,
    input: (ctx) => ({ ...ctx.body, ...vaccinationScope(ctx) }),
  }),
  rpcRoute(http.verifyVaccination, {
    access: { orga: 'pet_write' },
    rpc: verifyVaccinationRpc,
    input: (ctx) => ({ ...ctx.body, ...vaccinationScope(ctx) }),
  }),
  rpcRoute(http.deleteVaccination, {
    access: { orga: 'pet_write' },
    rpc: deleteVaccinationRpc,
    input: (ctx) => vaccinationScope(ctx),
  }),
  fileUploadRoute(http.putVaccinationProof, {
    access: { orga: 'pet_write' },
    upload: {
      maxBytes: UPLOAD_LIMITS.vaccination_proof.maxBytes,
      mediaTypes: PROOF_TYPES,
      send: async (ctx, file, rpc) => {
        const old = await proofOf(ctx, rpc);
        const scope = {
          ...storeScope(ctx),
          kind: 'vaccination_proof' as const,
          owner_id: pathParam(ctx, 'vaccination'),
          upload_id: randomUUID(),
          file_name: file.fileName,
          total_size: file.oversize ? file.size : file.bytes.length,
          ...(old ? { replaces_file_id: old.id } : {}),
        };
        return uploadInParts(file, FILE_PART_BYTES, (part) => rpc.call(uploadFilePartRpc, { ...scope, ...part }), 'crm');
      },
    },
  }),
  fileDownloadRoute(http.downloadVaccinationProof, {
    access: { orga: 'store_read' },
    download: async (ctx, rpc) => {
      const proof = await proofOf(ctx, rpc);
      if (!proof) throw new ApiError('not_found');
      const read = (offset: number) => rpc.call(readFileRpc, { ...storeScope(ctx), file_id: proof.id, offset, thumbnail: false });
      const first = await read(0);
      return { contentType: first.file.mime, fileName: first.file.file_name, size: first.file.size, parts: partsFrom(first, read) };
    },
  }),
  rpcRoute(http.getCareSettings, { access: { orga: 'store_read' }, rpc: getCareSettingsRpc, input: (ctx) => storeScope(ctx) }),
  rpcRoute(http.updateCareSettings, {
    access: { orga: 'store_admin' },
    rpc: updateCareSettingsRpc,
    input: (ctx) => ({ ...ctx.body, ...storeScope(ctx) }),
  }),
];
