import { z } from 'zod';
import {
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
  listPetCardsRpc,
  PET_CARDS_MAX,
  listCustomersRpc,
  listExternalServicesRpc,
  listFilesRpc,
  listPetsRpc,
  listTagsRpc,
  storedFileSchema,
  tagKindSchema,
  updateCrmSettingsRpc,
  updateCustomerRpc,
  updateExternalServiceRpc,
  updatePetRpc,
  updateTagRpc,
} from '../crm';
import { defineRoute } from '../core/http-route';

// Customers, pets, tags, external services, crm settings and files (spec §7 "Customers and pets", "Files").

/** Query strings are text: ?q=&sort=&last_id=&limit=&tag_ids=a,b */
export const customerListQuerySchema = z.strictObject({
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

export const petListQuerySchema = z.strictObject({
  q: z.string().max(100).optional(),
  customer_id: z.string().uuid().optional(),
  last_id: z.string().uuid().optional(),
  limit: z.coerce.number().int().min(1).max(CUSTOMER_PAGE_SIZE_MAX).optional(),
});

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

/** ?ids=a,b: the pets of a calendar range, comma-joined (queryString joins a list so). */
export const petCardsQuerySchema = z.strictObject({
  ids: z
    .string()
    .transform((v) => [...new Set(v.split(',').filter(Boolean))])
    .pipe(z.array(z.string().uuid()).min(1).max(PET_CARDS_MAX)),
});

/** spec §7 …/pet/{petId}/image names no file: ?file_id= picks one of the pet's images, else the pet's first one (ADR 0025). */
export const petImageQuerySchema = z.strictObject({ file_id: z.string().uuid().optional() });

export const crmHttpRoutes = {
  // customers
  listSharedCustomers: defineRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/shared/customers',
    summary: "The organization's customers when pets are shared (R1.11, R6.08, R7.07); search q, sort, tag_ids, paging by last_id",
    tag: 'crm',
    query: customerListQuerySchema,
    response: listCustomersRpc.response,
  }),
  listCustomers: defineRoute({
    method: 'get',
    path: `${STORE}/customers`,
    summary: "A store's customers (the organization's with share_pets) (R6.08, R7.07); search q, sort, tag_ids, paging by last_id",
    tag: 'crm',
    query: customerListQuerySchema,
    response: listCustomersRpc.response,
  }),
  getCustomer: defineRoute({
    method: 'get',
    path: `${STORE}/customer/:id`,
    summary: 'A customer: customer, tags, external_services (R7.07)',
    tag: 'crm',
    response: getCustomerRpc.response,
  }),
  exportCustomer: defineRoute({
    method: 'get',
    path: `${STORE}/customer/:id/export`,
    summary: 'A customer as JSON: data, pets and the list of files',
    tag: 'crm',
    response: exportCustomerRpc.response,
  }),
  createCustomer: defineRoute({
    method: 'post',
    path: `${STORE}/customer`,
    summary: 'Create a customer with ordered tags and external ids (R3.05)',
    tag: 'crm',
    status: 201,
    body: customerBody,
    response: createCustomerRpc.response,
  }),
  updateCustomer: defineRoute({
    method: 'put',
    path: `${STORE}/customer/:id`,
    summary: 'Change a customer (only the fields sent)',
    tag: 'crm',
    body: customerUpdateBody,
    response: updateCustomerRpc.response,
  }),
  deleteCustomer: defineRoute({
    method: 'delete',
    path: `${STORE}/customer/:id`,
    summary: 'Delete a customer with their pets and files',
    tag: 'crm',
    response: deleteCustomerRpc.response,
  }),
  // pets
  listSharedPets: defineRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/shared/pets',
    summary: "The organization's pets when pets are shared (R1.11, R6.08, R7.07)",
    tag: 'crm',
    query: petListQuerySchema,
    response: listPetsRpc.response,
  }),
  listPets: defineRoute({
    method: 'get',
    path: `${STORE}/pets`,
    summary: "A store's pets (the organization's with share_pets) (R6.08, R7.07); customer_id for one customer's pets",
    tag: 'crm',
    query: petListQuerySchema,
    response: listPetsRpc.response,
  }),
  getPet: defineRoute({
    method: 'get',
    path: `${STORE}/pet/:id`,
    summary: 'A pet: pet, tags (R7.07)',
    tag: 'crm',
    response: getPetRpc.response,
  }),
  listPetCards: defineRoute({
    method: 'get',
    path: `${STORE}/pets/cards`,
    summary: `What the calendar's cards show of up to ${PET_CARDS_MAX} pets at once (name, type, breed, owner's name and phone, tags); ?ids=a,b`,
    tag: 'crm',
    query: petCardsQuerySchema,
    response: listPetCardsRpc.response,
  }),
  createPet: defineRoute({
    method: 'post',
    path: `${STORE}/pet`,
    summary: 'Create a pet for a customer (R3.06)',
    tag: 'crm',
    status: 201,
    body: petBody,
    response: createPetRpc.response,
  }),
  updatePet: defineRoute({
    method: 'put',
    path: `${STORE}/pet/:id`,
    summary: 'Change a pet (only the fields sent)',
    tag: 'crm',
    body: petUpdateBody,
    response: updatePetRpc.response,
  }),
  deletePet: defineRoute({
    method: 'delete',
    path: `${STORE}/pet/:id`,
    summary: 'Delete a pet with its images',
    tag: 'crm',
    response: deletePetRpc.response,
  }),
  // files (R7.04, R7.10): raw bytes in and out, several RPCs per request behind the gateway
  listPrivacyFiles: defineRoute({
    method: 'get',
    path: `${STORE}/customer/:customer/privacy_files`,
    summary: "A customer's privacy file (list of at most 1) (R7.04)",
    tag: 'crm',
    response: listFilesRpc.response,
  }),
  uploadPrivacyFile: defineRoute({
    method: 'post',
    path: `${STORE}/customer/:customer/privacy_file`,
    summary:
      "Upload a customer's privacy file (1 file, pdf/docx/doc/jpg/png by content, ≤ 2 MB) as the raw body with X-File-Name (R7.04, R7.10, R9.04)",
    tag: 'crm',
    status: 201,
    transfer: 'upload',
    response: storedFileSchema,
  }),
  deleteTheOnlyPrivacyFile: defineRoute({
    method: 'delete',
    path: `${STORE}/customer/:customer/privacy_file`,
    summary: "Delete the customer's privacy file (there is at most one) (R7.04)",
    tag: 'crm',
    response: deleteFileRpc.response,
  }),
  downloadPrivacyFile: defineRoute({
    method: 'get',
    path: `${STORE}/customer/:customer/privacy_file/:file`,
    summary: "A customer's privacy file: its bytes with the stored Content-Type (R7.04)",
    tag: 'crm',
    transfer: 'download',
  }),
  deletePrivacyFile: defineRoute({
    method: 'delete',
    path: `${STORE}/customer/:customer/privacy_file/:file`,
    summary: "Delete a customer's privacy file (R7.04)",
    tag: 'crm',
    response: deleteFileRpc.response,
  }),
  listPetImages: defineRoute({
    method: 'get',
    path: `${STORE}/pet/:pet/images`,
    summary: "A pet's images (at most 4) (R7.04)",
    tag: 'crm',
    response: listFilesRpc.response,
  }),
  uploadPetImage: defineRoute({
    method: 'post',
    path: `${STORE}/pet/:pet/image`,
    summary: 'Upload a pet image (≤ 4 per pet, jpg/png by content, ≤ 1 MB) as the raw body with X-File-Name (R7.04, R7.10, R9.04)',
    tag: 'crm',
    status: 201,
    transfer: 'upload',
    response: storedFileSchema,
  }),
  replacePetImage: defineRoute({
    method: 'put',
    path: `${STORE}/pet/:pet/image/:file`,
    summary:
      'Replace a pet image by a new one (raw body with X-File-Name); the answer is the new file, the old one is removed (R7.04, R7.10)',
    tag: 'crm',
    status: 200,
    transfer: 'upload',
    response: storedFileSchema,
  }),
  replaceThePetImage: defineRoute({
    method: 'put',
    path: `${STORE}/pet/:pet/image`,
    summary:
      "Replace the pet's image (?file_id= names which, else the first; a pet without images gets this one) by the raw body with X-File-Name; the answer is the new file (spec §7, R7.04, R7.10)",
    tag: 'crm',
    status: 200,
    transfer: 'upload',
    query: petImageQuerySchema,
    response: storedFileSchema,
  }),
  deleteThePetImage: defineRoute({
    method: 'delete',
    path: `${STORE}/pet/:pet/image`,
    summary: "Delete the pet's image (?file_id= names which, else the first); 404 when the pet has none (spec §7, R7.04)",
    tag: 'crm',
    query: petImageQuerySchema,
    response: deleteFileRpc.response,
  }),
  downloadPetImage: defineRoute({
    method: 'get',
    path: `${STORE}/pet/:pet/image/:file`,
    summary: 'A pet image: its bytes with the stored Content-Type (R7.04)',
    tag: 'crm',
    transfer: 'download',
  }),
  downloadPetThumbnail: defineRoute({
    method: 'get',
    path: `${STORE}/pet/:pet/image/:file/thumbnail`,
    summary: 'A pet image made small (JPEG, fits 256 × 256) for galleries and lists',
    tag: 'crm',
    transfer: 'download',
  }),
  deletePetImage: defineRoute({
    method: 'delete',
    path: `${STORE}/pet/:pet/image/:file`,
    summary: "Delete a pet's image (R7.04)",
    tag: 'crm',
    response: deleteFileRpc.response,
  }),
  // tags
  listTags: defineRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/tags',
    summary: "The organization's customer and pet tags (R1.05); ?kind=customer|pet",
    tag: 'crm',
    query: z.strictObject({ kind: tagKindSchema.optional() }),
    response: listTagsRpc.response,
  }),
  createTag: defineRoute({
    method: 'post',
    path: '/api/v1/orga/:orga/tag',
    summary: 'Create a tag with a name and an emoji or one of the 31 icons (R1.05, R3.20)',
    tag: 'crm',
    status: 201,
    body: tagBody,
    response: createTagRpc.response,
  }),
  updateTag: defineRoute({
    method: 'put',
    path: '/api/v1/orga/:orga/tag/:tag',
    summary: 'Change a tag',
    tag: 'crm',
    body: tagUpdateBody,
    response: updateTagRpc.response,
  }),
  deleteTag: defineRoute({
    method: 'delete',
    path: '/api/v1/orga/:orga/tag/:tag',
    summary: 'Delete a tag (removed from every customer and pet)',
    tag: 'crm',
    response: deleteTagRpc.response,
  }),
  // external services (R1.10)
  listExternalServices: defineRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/external_services',
    summary: "The organization's external service configuration (R1.10)",
    tag: 'crm',
    response: listExternalServicesRpc.response,
  }),
  createExternalService: defineRoute({
    method: 'post',
    path: '/api/v1/orga/:orga/external_service',
    summary: 'Add an external service; a used service_id answers server_401 (R5.14, R8.04)',
    tag: 'crm',
    status: 201,
    body: externalBody,
    response: createExternalServiceRpc.response,
  }),
  updateExternalService: defineRoute({
    method: 'put',
    path: '/api/v1/orga/:orga/external_service/:id',
    summary: 'Change an external service (server_401 for a used service_id)',
    tag: 'crm',
    body: externalUpdateBody,
    response: updateExternalServiceRpc.response,
  }),
  deleteExternalService: defineRoute({
    method: 'delete',
    path: '/api/v1/orga/:orga/external_service/:id',
    summary: 'Delete an external service and every customer entity id in it',
    tag: 'crm',
    response: deleteExternalServiceRpc.response,
  }),
  // organization crm settings (R5.13)
  getCrmSettings: defineRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/crm_settings',
    summary: 'Mandatory customer information and pet information at checkout (R5.13)',
    tag: 'crm',
    response: getCrmSettingsRpc.response,
  }),
  updateCrmSettings: defineRoute({
    method: 'put',
    path: '/api/v1/orga/:orga/crm_settings',
    summary: 'Change mandatory customer information (at most 3) and pet information at checkout (R5.13)',
    tag: 'crm',
    body: settingsBody,
    response: updateCrmSettingsRpc.response,
  }),
} as const;
