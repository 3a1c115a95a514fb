import {
  CUSTOMER_HISTORY_PETS_MAX,
  customerAttendanceRpc,
  getCustomerRpc,
  getNoShowPolicyRpc,
  listPetsRpc,
  noShowHttpRoutes as http,
  setDepositOverrideRpc,
  type CustomerNoShowRisk,
} from '@pawline/contracts';
import { bookingClosedTo, depositAsked, noShowRiskOf } from '@pawline/domain';
import { multiRpcRoute, orgaParam, pathParam, rpcRoute, storeParam, type ApiRoute, type RouteContext } from '../http/route-definition';

// Issue 30 a customer's no-show risk for the customer page (ADR 0060): crm knows the customer, their pets and staff's
// deposit choice, booking the store's policy (its cancellation window), scheduling the pets' appointments; the
// gateway asks each with the caller's rights and words nothing itself: the rule is libs/domain's.

const storeScope = (ctx: RouteContext) => ({ orga_id: orgaParam(ctx), store_id: storeParam(ctx) });

export const noShowRoutes: ApiRoute[] = [
  multiRpcRoute(http.getCustomerNoShowRisk, {
    access: { orga: 'store_read' },
    run: async (ctx, rpc): Promise<CustomerNoShowRisk> => {
      const scope = storeScope(ctx);
      const customer_id = pathParam(ctx, 'customer');
      const [detail, pets, policy] = await Promise.all([
        rpc.call(getCustomerRpc, { ...scope, customer_id }),
        rpc.call(listPetsRpc, { ...scope, customer_id, last_id: null, limit: CUSTOMER_HISTORY_PETS_MAX }),
        rpc.call(getNoShowPolicyRpc, scope),
      ]);
      const attendance = await rpc.call(customerAttendanceRpc, {
        ...scope,
        pet_ids: pets.items.map((pet) => pet.id),
        cancellation_window_hours: policy.cancellation_window_hours,
      });
      const risk = noShowRiskOf(attendance);
      const override = detail.deposit_override ?? { mode: 'automatic', set_by: null, set_at: null };
      const noShows = detail.no_shows ?? attendance.no_shows.total;
      return {
        ...risk,
        attendance,
        cancellation_window_hours: policy.cancellation_window_hours,
        deposit_override: override,
        deposit_asked: depositAsked(policy, risk, override.mode),
        no_shows: noShows,
        booking_closed: bookingClosedTo(noShows, policy.close_after_no_shows),
      };
    },
  }),
  rpcRoute(http.setCustomerDepositOverride, {
    access: { orga: 'pet_write' },
    rpc: setDepositOverrideRpc,
    input: (ctx) => ({ ...storeScope(ctx), customer_id: pathParam(ctx, 'customer'), mode: ctx.body.mode }),
  }),
];
