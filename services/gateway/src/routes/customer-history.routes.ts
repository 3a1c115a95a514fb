import {
  CUSTOMER_HISTORY_PETS_MAX,
  customerAppointmentSummaryRpc,
  customerHistoryHttpRoutes as http,
  getCustomerRpc,
  listCustomerAppointmentsRpc,
  listPetsRpc,
  type CustomerHistoryWhen,
} from '@pawline/contracts';
import { multiRpcRoute, orgaParam, pathParam, storeParam, type ApiRoute, type BoundRpc, type RouteContext } from '../http/route-definition';

// Issue 29 a customer's appointments for the customer page (ADR 0052): crm knows which pets are the customer's,
// scheduling knows their appointments by pet id; the gateway asks one, then the other, with the caller's rights.

const storeScope = (ctx: RouteContext) => ({ orga_id: orgaParam(ctx), store_id: storeParam(ctx) });
const noneToNull = (value: string) => (value === 'none' ? null : value);

/**
 * The customer's pets as crm lists them in this store's scope: a customer crm does not show here (another
 * store without share_pets, another organization, none) is not_found, as its own page is.
 */
async function customerPetIds(ctx: RouteContext, rpc: BoundRpc): Promise<string[]> {
  const scope = storeScope(ctx);
  const customer_id = pathParam(ctx, 'customer');
  const [, pets] = await Promise.all([
    rpc.call(getCustomerRpc, { ...scope, customer_id }),
    rpc.call(listPetsRpc, { ...scope, customer_id, last_id: null, limit: CUSTOMER_HISTORY_PETS_MAX }),
  ]);
  return pets.items.map((pet) => pet.id);
}

export const customerHistoryRoutes: ApiRoute[] = [
  multiRpcRoute(http.listCustomerAppointments, {
    access: { orga: 'store_read' },
    run: async (ctx, rpc) =>
      rpc.call(listCustomerAppointmentsRpc, {
        ...storeScope(ctx),
        pet_ids: await customerPetIds(ctx, rpc),
        when: pathParam(ctx, 'when') as CustomerHistoryWhen,
        last_date: noneToNull(pathParam(ctx, 'last_date')),
        last_id: noneToNull(pathParam(ctx, 'last_id')),
      }),
  }),
  multiRpcRoute(http.getCustomerAppointmentSummary, {
    access: { orga: 'store_read' },
    run: async (ctx, rpc) => rpc.call(customerAppointmentSummaryRpc, { ...storeScope(ctx), pet_ids: await customerPetIds(ctx, rpc) }),
  }),
];
