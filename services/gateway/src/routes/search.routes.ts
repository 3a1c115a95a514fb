import {
  CUSTOMER_HISTORY_PETS_MAX,
  SEARCH_GROUP_SIZE,
  listCustomerAppointmentsRpc,
  listCustomersRpc,
  listPetsRpc,
  searchHttpRoutes as http,
} from '@pawline/contracts';
import { joinSearchResults, searchedPetIds, type AppointmentsFound } from '@pawline/domain';
import { multiRpcRoute, orgaParam, storeParam, type ApiRoute } from '../http/route-definition';

// Issue 29 the command palette (ADR 0061): crm's own customer search (names, e-mail, phone digits, pet names: the
// appointment dialog's rule) and pet search, then scheduling's upcoming appointments of the pets found, each
// service checking the caller's rights itself; libs/domain joins the three answers.

export const searchRoutes: ApiRoute[] = [
  multiRpcRoute(http.searchEverywhere, {
    access: { orga: 'store_read' },
    run: async (ctx, rpc) => {
      const scope = { orga_id: orgaParam(ctx), store_id: storeParam(ctx) };
      const q = ctx.query.q;
      const [customers, pets] = await Promise.all([
        rpc.call(listCustomersRpc, { ...scope, q, sort: 'name', tag_ids: [], last_id: null, limit: SEARCH_GROUP_SIZE }),
        rpc.call(listPetsRpc, { ...scope, q, last_id: null, limit: SEARCH_GROUP_SIZE }),
      ]);
      const owned = await Promise.all(
        customers.items.map((customer) => rpc.call(listPetsRpc, { ...scope, customer_id: customer.id, last_id: null, limit: 20 })),
      );
      const customersPets = owned.flatMap((list) => list.items);
      const petIds = searchedPetIds(pets.items, customersPets, CUSTOMER_HISTORY_PETS_MAX);
      const appointments: AppointmentsFound =
        petIds.length === 0
          ? { items: [], pets: [] }
          : await rpc.call(listCustomerAppointmentsRpc, { ...scope, pet_ids: petIds, when: 'upcoming', last_date: null, last_id: null });
      return joinSearchResults({ q, customers: customers.items, pets: pets.items, customersPets, appointments });
    },
  }),
];
