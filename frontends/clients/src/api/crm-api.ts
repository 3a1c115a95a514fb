import {
  ApiError,
  apiErrorFromBody,
  createRemoteHttp,
  orgaPath,
  queryString,
  storePath,
  type ApiClient,
  type FetchLike,
  type Language,
} from '@pawline/api-client';
import type {
  AssignedTag,
  CrmSettings,
  Customer,
  CustomerDetail,
  CustomerFields,
  CustomerSort,
  ExternalService,
  Pet,
  PetDetail,
  PetFields,
  StoredFile,
  Tag,
  TagKind,
} from '@pawline/contracts';

export type TagAssignmentInput = { tag_id: string; tag_order: number };
export type CustomerListItem = Customer & { tags: AssignedTag[] };
export type PetListItem = Pet & { tags: AssignedTag[] };
export type Page<T> = { items: T[]; page_size: number };

export type CustomerListQuery = { q?: string; sort?: CustomerSort; tag_ids?: string[]; last_id?: string | null; limit?: number };
export type PetListQuery = { q?: string; customer_id?: string; last_id?: string | null; limit?: number };

export type CustomerWrite = Partial<CustomerFields> & {
  tags?: TagAssignmentInput[];
  external_services?: { external_service_id: string; entity_id: string }[];
};
export type PetWrite = Partial<PetFields> & { customer_id?: string; tags?: TagAssignmentInput[] };
export type TagWrite = { kind?: TagKind; name?: string; icon?: number; emoji?: string | null; tag_order?: number };

export type { FetchLike };

/** The XMLHttpRequest parts an upload uses; a fake in tests. */
export type UploadRequest = Pick<
  XMLHttpRequest,
  'open' | 'setRequestHeader' | 'send' | 'abort' | 'status' | 'responseText' | 'statusText'
> & {
  upload: { onprogress: ((event: ProgressEvent) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
};

export type CrmApiOptions = {
  api: ApiClient;
  language: Language;
  baseUrl?: string;
  fetch?: FetchLike;
  createUploadRequest?: () => UploadRequest;
};

export type Upload = { done: Promise<StoredFile>; abort: () => void };

function enc(value: string): string {
  return encodeURIComponent(value);
}

/**
 * The crm routes of the gateway (services/gateway/src/routes/crm.routes.ts) and its raw-body
 * file routes. The shell's ApiClient holds the session; this borrows its access token and device id.
 */
export function createCrmApi(options: CrmApiOptions) {
  const { api } = options;
  const { base, headers, authorized, call } = createRemoteHttp(options);
  // R6.08 / R1.11: a null store means the organization's shared list (share_pets)
  const listScope = (orgaId: string, storeId: string | null) => (storeId ? storePath(orgaId, storeId) : `${orgaPath(orgaId)}/shared`);

  function upload(path: string, file: File, onProgress: (fraction: number) => void): Upload {
    const request = options.createUploadRequest ? options.createUploadRequest() : (new XMLHttpRequest() as unknown as UploadRequest);
    const done = (async () => {
      const token = await api.freshAccessToken();
      return new Promise<StoredFile>((resolve, reject) => {
        request.open('POST', `${base}${path}`);
        for (const [name, value] of Object.entries(headers(token))) request.setRequestHeader(name, value);
        request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
        // The file name travels percent-encoded: a header value must be ASCII.
        request.setRequestHeader('X-File-Name', enc(file.name));
        request.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
        };
        request.onload = () => {
          if (request.status >= 200 && request.status < 300) {
            onProgress(1);
            try {
              resolve(JSON.parse(request.responseText) as StoredFile);
            } catch {
              reject(new ApiError(request.status, 'bad_response', request.responseText));
            }
          } else reject(apiErrorFromBody(request.status, request.statusText, request.responseText));
        };
        request.onerror = () => reject(new ApiError(0, 'network', 'Network error'));
        request.onabort = () => reject(new ApiError(0, 'aborted', 'Upload aborted'));
        request.send(file);
      });
    })();
    return { done, abort: () => request.abort() };
  }

  /** File bytes come with the bearer token, so an <img> shows them through an object URL. */
  async function fileBlob(path: string): Promise<Blob> {
    const response = await authorized('GET', path);
    if (!response.ok) throw apiErrorFromBody(response.status, response.statusText, await response.text());
    return response.blob();
  }

  return {
    listCustomers: (orgaId: string, storeId: string | null, query: CustomerListQuery) =>
      call<Page<CustomerListItem>>(
        'GET',
        `${listScope(orgaId, storeId)}/customers${queryString({
          q: query.q?.trim(),
          sort: query.sort,
          tag_ids: query.tag_ids,
          last_id: query.last_id,
          limit: query.limit,
        })}`,
      ),
    getCustomer: (orgaId: string, storeId: string, customerId: string) =>
      call<CustomerDetail>('GET', `${storePath(orgaId, storeId)}/customer/${enc(customerId)}`),
    createCustomer: (orgaId: string, storeId: string, customer: CustomerWrite) =>
      call<CustomerDetail>('POST', `${storePath(orgaId, storeId)}/customer`, customer),
    updateCustomer: (orgaId: string, storeId: string, customerId: string, customer: CustomerWrite) =>
      call<CustomerDetail>('PUT', `${storePath(orgaId, storeId)}/customer/${enc(customerId)}`, customer),
    /** The customer as JSON: data, tags, external ids, pets and the list of files. */
    exportCustomer: (orgaId: string, storeId: string, customerId: string) =>
      call<unknown>('GET', `${storePath(orgaId, storeId)}/customer/${enc(customerId)}/export`),
    deleteCustomer: (orgaId: string, storeId: string, customerId: string) =>
      call<unknown>('DELETE', `${storePath(orgaId, storeId)}/customer/${enc(customerId)}`),

    listPets: (orgaId: string, storeId: string | null, query: PetListQuery) =>
      call<Page<PetListItem>>(
        'GET',
        `${listScope(orgaId, storeId)}/pets${queryString({ q: query.q?.trim(), customer_id: query.customer_id, last_id: query.last_id, limit: query.limit })}`,
      ),
    getPet: (orgaId: string, storeId: string, petId: string) => call<PetDetail>('GET', `${storePath(orgaId, storeId)}/pet/${enc(petId)}`),
    createPet: (orgaId: string, storeId: string, pet: PetWrite) => call<PetDetail>('POST', `${storePath(orgaId, storeId)}/pet`, pet),
    updatePet: (orgaId: string, storeId: string, petId: string, pet: PetWrite) =>
      call<PetDetail>('PUT', `${storePath(orgaId, storeId)}/pet/${enc(petId)}`, pet),
    deletePet: (orgaId: string, storeId: string, petId: string) =>
      call<unknown>('DELETE', `${storePath(orgaId, storeId)}/pet/${enc(petId)}`),

    listTags: (orgaId: string, kind: TagKind) => call<Tag[]>('GET', `${orgaPath(orgaId)}/tags${queryString({ kind })}`),
    createTag: (orgaId: string, tag: TagWrite) => call<Tag>('POST', `${orgaPath(orgaId)}/tag`, tag),
    updateTag: (orgaId: string, tagId: string, tag: TagWrite) => call<Tag>('PUT', `${orgaPath(orgaId)}/tag/${enc(tagId)}`, tag),
    deleteTag: (orgaId: string, tagId: string) => call<unknown>('DELETE', `${orgaPath(orgaId)}/tag/${enc(tagId)}`),

    listExternalServices: (orgaId: string) => call<ExternalService[]>('GET', `${orgaPath(orgaId)}/external_services`),
    getCrmSettings: (orgaId: string) => call<CrmSettings>('GET', `${orgaPath(orgaId)}/crm_settings`),

    listPrivacyFiles: (orgaId: string, storeId: string, customerId: string) =>
      call<StoredFile[]>('GET', `${storePath(orgaId, storeId)}/customer/${enc(customerId)}/privacy_files`),
    deletePrivacyFile: (orgaId: string, storeId: string, customerId: string, fileId: string) =>
      call<unknown>('DELETE', `${storePath(orgaId, storeId)}/customer/${enc(customerId)}/privacy_file/${enc(fileId)}`),
    uploadPrivacyFile: (orgaId: string, storeId: string, customerId: string, file: File, onProgress: (fraction: number) => void) =>
      upload(`${storePath(orgaId, storeId)}/customer/${enc(customerId)}/privacy_file`, file, onProgress),
    privacyFileBlob: (orgaId: string, storeId: string, customerId: string, fileId: string) =>
      fileBlob(`${storePath(orgaId, storeId)}/customer/${enc(customerId)}/privacy_file/${enc(fileId)}`),

    listPetImages: (orgaId: string, storeId: string, petId: string) =>
      call<StoredFile[]>('GET', `${storePath(orgaId, storeId)}/pet/${enc(petId)}/images`),
    deletePetImage: (orgaId: string, storeId: string, petId: string, fileId: string) =>
      call<unknown>('DELETE', `${storePath(orgaId, storeId)}/pet/${enc(petId)}/image/${enc(fileId)}`),
    uploadPetImage: (orgaId: string, storeId: string, petId: string, file: File, onProgress: (fraction: number) => void) =>
      upload(`${storePath(orgaId, storeId)}/pet/${enc(petId)}/image`, file, onProgress),
    petImageBlob: (orgaId: string, storeId: string, petId: string, fileId: string) =>
      fileBlob(`${storePath(orgaId, storeId)}/pet/${enc(petId)}/image/${enc(fileId)}`),
    /** The small JPEG of a pet image, for the gallery's tiles. */
    petThumbnailBlob: (orgaId: string, storeId: string, petId: string, fileId: string) =>
      fileBlob(`${storePath(orgaId, storeId)}/pet/${enc(petId)}/image/${enc(fileId)}/thumbnail`),
  };
}

export type CrmApi = ReturnType<typeof createCrmApi>;
