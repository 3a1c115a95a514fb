import {
  APPOINTMENT_CONFLICT_ANSWER,
  acceptBookingSlotRpc,
  bookingHttpRoutes as http,
  createBookingRuleRpc,
  deleteBookingRuleRpc,
  deleteBookingSlotRpc,
  declineBookingSlotRpc,
  getBookingRuleRpc,
  getBookingSetupRpc,
  getNoShowPolicyRpc,
  saveNoShowPolicyRpc,
  getBookingSlotRpc,
  listBookingRulesRpc,
  listBookingSlotsRpc,
  listServiceTimesRpc,
  saveServiceTimesRpc,
  updateBookingSetupRpc,
  createWaitlistEntryRpc,
  deleteWaitlistEntryRpc,
  listWaitlistRpc,
} from '@pawline/contracts';
import { ApiError } from '../http/api-error';
import { orgaParam, pathParam, rpcRoute, storeParam, type ApiRoute, type RouteContext } from '../http/route-definition';

// booking's admin routes (spec §7 "Booking", R7.06); paths and bodies are declared in libs/contracts/src/http/booking.routes.ts.
// The gateway checks the access rule, the service checks it again.

const storeScope = (ctx: RouteContext) => ({ orga_id: orgaParam(ctx), store_id: storeParam(ctx) });

/** Years a range may name: scheduling's six date parts allow the same (sixDatePartsSchema). */
const FIRST_YEAR = 1970;
const LAST_YEAR = 2200;

/**
 * The six date parts of the path as the range's first and last day (YYYY-MM-DD): years 1970–2200 and
 * the first day not after the last, else 400; booking refuses a day that does not exist (2/31).
 */
function dateRange(ctx: RouteContext): { from: string; to: string } {
  const fields: Record<string, string> = {};
  for (const name of ['y', 'y2']) {
    const year = Number(pathParam(ctx, name));
    if (year < FIRST_YEAR || year > LAST_YEAR) fields[name] = `A year from ${FIRST_YEAR} to ${LAST_YEAR}`;
  }
  const day = (y: string, m: string, d: string) =>
    `${pathParam(ctx, y)}-${pathParam(ctx, m).padStart(2, '0')}-${pathParam(ctx, d).padStart(2, '0')}`;
  const range = { from: day('y', 'm', 'd'), to: day('y2', 'm2', 'd2') };
  if (Object.keys(fields).length === 0 && range.to < range.from) fields['d2'] = 'The last day is before the first';
  if (Object.keys(fields).length > 0) throw new ApiError('validation_failed', { fields });
  return range;
}

export const bookingRoutes: ApiRoute[] = [
  rpcRoute(http.listBookingRules, {
    access: { orga: 'store_read' },
    rpc: listBookingRulesRpc,
    input: (ctx) => ({ ...storeScope(ctx), from: null, to: null }),
  }),
  rpcRoute(http.listBookingRulesInRange, {
    access: { orga: 'store_read' },
    rpc: listBookingRulesRpc,
    input: (ctx) => ({ ...storeScope(ctx), ...dateRange(ctx) }),
  }),
  rpcRoute(http.getBookingRule, {
    access: { orga: 'store_read' },
    rpc: getBookingRuleRpc,
    input: (ctx) => ({ ...storeScope(ctx), rule_id: pathParam(ctx, 'rule') }),
  }),
  rpcRoute(http.createBookingRule, {
    access: { orga: 'store_admin' },
    rpc: createBookingRuleRpc,
    input: (ctx) => ({ ...storeScope(ctx), ...ctx.body }),
  }),
  rpcRoute(http.deleteBookingRule, {
    access: { orga: 'store_admin' },
    rpc: deleteBookingRuleRpc,
    input: (ctx) => ({ ...storeScope(ctx), rule_id: pathParam(ctx, 'rule') }),
  }),
  rpcRoute(http.listServiceTimes, {
    access: { orga: 'member' },
    rpc: listServiceTimesRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx) }),
  }),
  rpcRoute(http.saveServiceTimes, {
    access: { orga: 'orga_admin' },
    rpc: saveServiceTimesRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), ...ctx.body }),
  }),
  rpcRoute(http.getBookingSetup, { access: { orga: 'store_read' }, rpc: getBookingSetupRpc, input: storeScope }),
  rpcRoute(http.updateBookingSetup, {
    access: { orga: 'store_admin' },
    rpc: updateBookingSetupRpc,
    input: (ctx) => ({ ...storeScope(ctx), ...ctx.body }),
  }),
  rpcRoute(http.getNoShowPolicy, { access: { orga: 'store_read' }, rpc: getNoShowPolicyRpc, input: storeScope }),
  rpcRoute(http.saveNoShowPolicy, {
    access: { orga: 'store_admin' },
    rpc: saveNoShowPolicyRpc,
    input: (ctx) => ({ ...storeScope(ctx), ...ctx.body }),
  }),
  rpcRoute(http.listBookingSlots, {
    access: { orga: 'store_read' },
    rpc: listBookingSlotsRpc,
    input: (ctx) => {
      const lastId = pathParam(ctx, 'last_id').toLowerCase();
      return { ...storeScope(ctx), created_time: Number(pathParam(ctx, 'created_time')), last_id: lastId === 'none' ? null : lastId };
    },
  }),
  rpcRoute(http.getBookingSlot, {
    access: { orga: 'store_read' },
    rpc: getBookingSlotRpc,
    input: (ctx) => ({ ...storeScope(ctx), slot_id: pathParam(ctx, 'slot') }),
  }),
  rpcRoute(http.acceptBookingSlot, {
    access: { orga: 'store_write' },
    // accepting asks crm (match, customer, pets) and scheduling (the appointment) in turn: on a loaded machine
    // those calls together passed the kit's 10 s and the request was answered 503 while its work went on
    timeoutMs: 30_000,
    rpc: acceptBookingSlotRpc,
    input: (ctx) => ({ ...storeScope(ctx), slot_id: pathParam(ctx, 'slot'), ...ctx.body }),
    // the request's time collides by now (capacity, ADR 0044): scheduling's conflict, until the user books anyway
    answers: [APPOINTMENT_CONFLICT_ANSWER],
  }),
  rpcRoute(http.deleteBookingSlot, {
    access: { orga: 'store_write' },
    rpc: deleteBookingSlotRpc,
    input: (ctx) => ({ ...storeScope(ctx), slot_id: pathParam(ctx, 'slot') }),
  }),
  rpcRoute(http.declineBookingSlot, {
    access: { orga: 'store_write' },
    rpc: declineBookingSlotRpc,
    input: (ctx) => ({ ...storeScope(ctx), slot_id: pathParam(ctx, 'slot') }),
  }),
  // issue 30 the waitlist (ADR 0063): readers see it, writers add callers and remove entries
  rpcRoute(http.listWaitlist, {
    access: { orga: 'store_read' },
    rpc: listWaitlistRpc,
    input: (ctx) => storeScope(ctx),
  }),
  rpcRoute(http.createWaitlistEntry, {
    access: { orga: 'store_write' },
    rpc: createWaitlistEntryRpc,
    input: (ctx) => ({ ...storeScope(ctx), ...ctx.body }),
  }),
  rpcRoute(http.deleteWaitlistEntry, {
    access: { orga: 'store_write' },
    rpc: deleteWaitlistEntryRpc,
    input: (ctx) => ({ ...storeScope(ctx), entry_id: pathParam(ctx, 'entry') }),
  }),
];
