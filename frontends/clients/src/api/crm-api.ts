import {
  API_ROUTES,
  createRemoteHttp,
  type AnswerOf,
  type ApiClient,
  type BodyOf,
  type FetchLike,
  type Language,
  type Upload as RemoteUpload,
  type UploadRequest,
} from '@pawline/api-client';
import type { CustomerSort, TagKind } from '@pawline/contracts';

// The wire shapes of the clients remote, derived from the route declarations (libs/contracts/src/http/crm.routes.ts).
export type CustomerWrite = BodyOf<'createCustomer'>;
/** A pet's fields as the editor writes them; a new pet adds its customer_id. */
export type PetWrite = Omit<BodyOf<'createPet'>, 'customer_id'>;
export type TagAssignmentInput = NonNullable<CustomerWrite['tags']>[number];
export type CustomerListItem = AnswerOf<'listCustomers'>['items'][number];
export type PetListItem = AnswerOf<'listPets'>['items'][number];
export type StoredFile = AnswerOf<'uploadPetImage'>;
/** A page of a pet's appointments (items, their treatments and pets), newest first. */
export type PetAppointmentPage = AnswerOf<'listPetAppointments'>;
export type PetAppointment = PetAppointmentPage['items'][number];
/** Where the next page of a pet's appointments starts: after this appointment's start and id. */
export type PetAppointmentCursor = { starts_at: string; id: string };

/** What a list screen asks for; sent as the declared query (text, the tag ids comma-joined). */
export type CustomerListQuery = { q?: string; sort?: CustomerSort; tag_ids?: string[]; last_id?: string | null; limit?: number };
export type PetListQuery = { q?: string; customer_id?: string; last_id?: string | null; limit?: number };

export type { FetchLike };

export type CrmApiOptions = {
  api: ApiClient;
  language: Language;
  baseUrl?: string;
  fetch?: FetchLike;
  createUploadRequest?: () => UploadRequest;
};

export type Upload = RemoteUpload<StoredFile>;
export type { UploadRequest };

/**
 * The crm routes of the gateway and its raw-body file routes, by their declarations (API_ROUTES).
 * The shell's ApiClient holds the session; this borrows its access token and device id.
 */
export function createCrmApi(options: CrmApiOptions) {
  const { url, request, download, upload: uploadFile } = createRemoteHttp(options);
  const upload = (method: string, target: string, file: File, onProgress: (fraction: number) => void): Upload =>
    uploadFile<StoredFile>(method, target, file, onProgress);
  const R = API_ROUTES;
  const store = (orga: string, storeId: string) => ({ orga, store: storeId });

  const customerQuery = (query: CustomerListQuery) => ({
    q: query.q?.trim(),
    sort: query.sort,
    tag_ids: query.tag_ids?.join(','),
    last_id: query.last_id ?? undefined,
    limit: query.limit,
  });
  const petQuery = (query: PetListQuery) => ({
    q: query.q?.trim(),
    customer_id: query.customer_id,
    last_id: query.last_id ?? undefined,
    limit: query.limit,
  });

  return {
    // R6.08 / R1.11: a null store means the organization's shared list (share_pets)
    listCustomers: (orgaId: string, storeId: string | null, query: CustomerListQuery) =>
      storeId
        ? request(R.listCustomers, { params: store(orgaId, storeId), query: customerQuery(query) })
        : request(R.listSharedCustomers, { params: { orga: orgaId }, query: customerQuery(query) }),
    getCustomer: (orgaId: string, storeId: string, customerId: string) =>
      request(R.getCustomer, { params: { ...store(orgaId, storeId), id: customerId } }),
    createCustomer: (orgaId: string, storeId: string, customer: CustomerWrite) =>
      request(R.createCustomer, { params: store(orgaId, storeId), body: customer }),
    updateCustomer: (orgaId: string, storeId: string, customerId: string, customer: BodyOf<'updateCustomer'>) =>
      request(R.updateCustomer, { params: { ...store(orgaId, storeId), id: customerId }, body: customer }),
    /** The customer as JSON: data, tags, external ids, pets and the list of files. */
    exportCustomer: (orgaId: string, storeId: string, customerId: string) =>
      request(R.exportCustomer, { params: { ...store(orgaId, storeId), id: customerId } }),
    deleteCustomer: (orgaId: string, storeId: string, customerId: string) =>
      request(R.deleteCustomer, { params: { ...store(orgaId, storeId), id: customerId } }),

    listPets: (orgaId: string, storeId: string | null, query: PetListQuery) =>
      storeId
        ? request(R.listPets, { params: store(orgaId, storeId), query: petQuery(query) })
        : request(R.listSharedPets, { params: { orga: orgaId }, query: petQuery(query) }),
    getPet: (orgaId: string, storeId: string, petId: string) => request(R.getPet, { params: { ...store(orgaId, storeId), id: petId } }),
    createPet: (orgaId: string, storeId: string, pet: BodyOf<'createPet'>) =>
      request(R.createPet, { params: store(orgaId, storeId), body: pet }),
    updatePet: (orgaId: string, storeId: string, petId: string, pet: BodyOf<'updatePet'>) =>
      request(R.updatePet, { params: { ...store(orgaId, storeId), id: petId }, body: pet }),
    deletePet: (orgaId: string, storeId: string, petId: string) =>
      request(R.deletePet, { params: { ...store(orgaId, storeId), id: petId } }),

    listTags: (orgaId: string, kind: TagKind) => request(R.listTags, { params: { orga: orgaId }, query: { kind } }),
    createTag: (orgaId: string, tag: BodyOf<'createTag'>) => request(R.createTag, { params: { orga: orgaId }, body: tag }),
    updateTag: (orgaId: string, tagId: string, tag: BodyOf<'updateTag'>) =>
      request(R.updateTag, { params: { orga: orgaId, tag: tagId }, body: tag }),
    deleteTag: (orgaId: string, tagId: string) => request(R.deleteTag, { params: { orga: orgaId, tag: tagId } }),

    listExternalServices: (orgaId: string) => request(R.listExternalServices, { params: { orga: orgaId } }),
    getCrmSettings: (orgaId: string) => request(R.getCrmSettings, { params: { orga: orgaId } }),

    listPrivacyFiles: (orgaId: string, storeId: string, customerId: string) =>
      request(R.listPrivacyFiles, { params: { ...store(orgaId, storeId), customer: customerId } }),
    deletePrivacyFile: (orgaId: string, storeId: string, customerId: string, fileId: string) =>
      request(R.deletePrivacyFile, { params: { ...store(orgaId, storeId), customer: customerId, file: fileId } }),
    uploadPrivacyFile: (orgaId: string, storeId: string, customerId: string, file: File, onProgress: (fraction: number) => void) =>
      upload(
        R.uploadPrivacyFile.method,
        url(R.uploadPrivacyFile, { params: { ...store(orgaId, storeId), customer: customerId } }),
        file,
        onProgress,
      ),
    privacyFileBlob: (orgaId: string, storeId: string, customerId: string, fileId: string) =>
      download(R.downloadPrivacyFile, { params: { ...store(orgaId, storeId), customer: customerId, file: fileId } }),

    listPetImages: (orgaId: string, storeId: string, petId: string) =>
      request(R.listPetImages, { params: { ...store(orgaId, storeId), pet: petId } }),
    /** spec §7 DELETE …/pet/{petId}/image, the image named by ?file_id= (ADR 0025). */
    deletePetImage: (orgaId: string, storeId: string, petId: string, fileId: string) =>
      request(R.deleteThePetImage, { params: { ...store(orgaId, storeId), pet: petId }, query: { file_id: fileId } }),
    uploadPetImage: (orgaId: string, storeId: string, petId: string, file: File, onProgress: (fraction: number) => void) =>
      upload(R.uploadPetImage.method, url(R.uploadPetImage, { params: { ...store(orgaId, storeId), pet: petId } }), file, onProgress),
    /**
     * R7.04 a new image in place of `fileId` (the answer is the new file; the old one is removed), on spec §7's
     * PUT …/pet/{petId}/image with ?file_id= (ADR 0025).
     */
    replacePetImage: (orgaId: string, storeId: string, petId: string, fileId: string, file: File, onProgress: (fraction: number) => void) =>
      upload(
        R.replaceThePetImage.method,
        url(R.replaceThePetImage, { params: { ...store(orgaId, storeId), pet: petId }, query: { file_id: fileId } }),
        file,
        onProgress,
      ),
    petImageBlob: (orgaId: string, storeId: string, petId: string, fileId: string) =>
      download(R.downloadPetImage, { params: { ...store(orgaId, storeId), pet: petId, file: fileId } }),
    /** R9.05 a pet's appointments, 50 a page, after `after` (null: the newest). */
    listPetAppointments: (orgaId: string, storeId: string, petId: string, after: PetAppointmentCursor | null) =>
      request(R.listPetAppointments, {
        params: { ...store(orgaId, storeId), pet: petId, last_date: after?.starts_at ?? 'none', last_id: after?.id ?? 'none' },
      }),
    latestPetAppointment: (orgaId: string, storeId: string, petId: string) =>
      request(R.latestPetAppointment, { params: { ...store(orgaId, storeId), pet: petId } }),
    /** The small JPEG of a pet image, for the gallery's tiles. */
    petThumbnailBlob: (orgaId: string, storeId: string, petId: string, fileId: string) =>
      download(R.downloadPetThumbnail, { params: { ...store(orgaId, storeId), pet: petId, file: fileId } }),
  };
}

export type CrmApi = ReturnType<typeof createCrmApi>;
