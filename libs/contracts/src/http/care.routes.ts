import { defineRoute } from '../core/http-route';
import {
  createVaccinationRpc,
  deleteVaccinationRpc,
  getCareSettingsRpc,
  listVaccinationsRpc,
  storedFileSchema,
  updateCareSettingsRpc,
  updateVaccinationRpc,
  verifyVaccinationRpc,
} from '../crm';

// Issue 31 a pet's care record: its vaccinations with their proofs, and a store's vaccine requirement (ADR 0062).

const STORE = '/api/v1/orga/:orga/store/:store';
const VACCINATION = `${STORE}/pet/:pet/vaccination/:vaccination`;
const scoped = { orga_id: true, store_id: true, pet_id: true } as const;

export const careHttpRoutes = {
  listVaccinations: defineRoute({
    method: 'get',
    path: `${STORE}/pet/:pet/vaccinations`,
    summary: "A pet's vaccinations, the latest given first, each with its proof and who verified it",
    tag: 'crm',
    response: listVaccinationsRpc.response,
  }),
  createVaccination: defineRoute({
    method: 'post',
    path: `${STORE}/pet/:pet/vaccination`,
    summary: 'Record a vaccination of a pet (unverified until staff check it against its proof)',
    tag: 'crm',
    status: 201,
    body: createVaccinationRpc.request.omit(scoped),
    response: createVaccinationRpc.response,
  }),
  updateVaccination: defineRoute({
    method: 'put',
    path: VACCINATION,
    summary: "Change a vaccination's vaccine or dates; it is unverified again",
    tag: 'crm',
    body: updateVaccinationRpc.request.omit({ ...scoped, vaccination_id: true }),
    response: updateVaccinationRpc.response,
  }),
  verifyVaccination: defineRoute({
    method: 'post',
    path: `${VACCINATION}/verify`,
    summary: "Confirm a vaccination's dates as read on its proof; who and when are kept",
    tag: 'crm',
    body: verifyVaccinationRpc.request.omit({ ...scoped, vaccination_id: true }),
    response: verifyVaccinationRpc.response,
  }),
  deleteVaccination: defineRoute({
    method: 'delete',
    path: VACCINATION,
    summary: 'Remove a vaccination and its proof',
    tag: 'crm',
    response: deleteVaccinationRpc.response,
  }),
  putVaccinationProof: defineRoute({
    method: 'put',
    path: `${VACCINATION}/proof`,
    summary:
      "A vaccination's proof (a photo or PDF, jpg/png/pdf by content, ≤ 2 MB) as the raw body with X-File-Name; replaces the one before and makes the vaccination unverified",
    tag: 'crm',
    status: 200,
    transfer: 'upload',
    response: storedFileSchema,
  }),
  downloadVaccinationProof: defineRoute({
    method: 'get',
    path: `${VACCINATION}/proof`,
    summary: "A vaccination's proof: its bytes with the stored Content-Type",
    tag: 'crm',
    transfer: 'download',
  }),
  getCareSettings: defineRoute({
    method: 'get',
    path: `${STORE}/care_settings`,
    summary: "A store's vaccine requirement per kind of pet and treatment, its expiring window and online booking's choice",
    tag: 'crm',
    response: getCareSettingsRpc.response,
  }),
  updateCareSettings: defineRoute({
    method: 'put',
    path: `${STORE}/care_settings`,
    summary: "Save a store's vaccine requirement and online booking's choice (refuse or warn); store administrators",
    tag: 'crm',
    body: updateCareSettingsRpc.request.omit({ orga_id: true, store_id: true }),
    response: updateCareSettingsRpc.response,
  }),
};
