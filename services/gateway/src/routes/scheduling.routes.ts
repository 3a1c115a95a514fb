import {
  APPOINTMENT_CONFLICT_ANSWER,
  checkAppointmentRpc,
  checkOutAppointmentRpc,
  createAppointmentRpc,
  createTreatmentRpc,
  deleteAppointmentRpc,
  getAppointmentRpc,
  latestPetAppointmentRpc,
  listAppointmentRangeRpc,
  appointmentRangeVersionRpc,
  listPetAppointmentsRpc,
  listRecurringGroupRpc,
  listTreatmentsRpc,
  moveAppointmentRpc,
  readCalendarFeedRpc,
  regenerateCalendarFeedRpc,
  resizeAppointmentRpc,
  undoAppointmentChangeRpc,
  schedulingHttpRoutes as http,
  updateAppointmentNotesRpc,
  updateAppointmentRpc,
  updateAppointmentStatusRpc,
  updateTreatmentRpc,
} from '@pawline/contracts';
import { fileDownloadRoute, orgaParam, pathParam, rpcRoute, storeParam, type ApiRoute, type RouteContext } from '../http/route-definition';

// Appointments, treatments and calendar feeds (spec §7 "Appointments", R7.05, R1.15); paths, date
// parts and the pet-history cursor are declared in libs/contracts/src/http/scheduling.routes.ts.

const sixDateParts = (ctx: RouteContext) => ({
  y: Number(pathParam(ctx, 'y')),
  m: Number(pathParam(ctx, 'm')),
  d: Number(pathParam(ctx, 'd')),
  y2: Number(pathParam(ctx, 'y2')),
  m2: Number(pathParam(ctx, 'm2')),
  d2: Number(pathParam(ctx, 'd2')),
});

const noneToNull = (value: string) => (value === 'none' ? null : value);

const storeScope = (ctx: RouteContext) => ({ orga_id: orgaParam(ctx), store_id: storeParam(ctx) });
const appointmentScope = (ctx: RouteContext) => ({ ...storeScope(ctx), appointment_id: pathParam(ctx, 'id') });

// a write that collides answers 409 conflict with the colliding appointments, unless allow_conflict (ADR 0044)
const COLLIDES = [APPOINTMENT_CONFLICT_ANSWER];

export const schedulingRoutes: ApiRoute[] = [
  rpcRoute(http.listAppointmentRange, {
    access: { orga: 'store_read' },
    rpc: listAppointmentRangeRpc,
    input: (ctx) => ({ ...storeScope(ctx), ...sixDateParts(ctx) }),
    // issue 34: ETag and 304; kept by the gateway, checked by its version after a change of the organization
    keptWeek: { versionRpc: appointmentRangeVersionRpc },
  }),
  rpcRoute(http.listRecurringGroup, {
    access: { orga: 'store_read' },
    rpc: listRecurringGroupRpc,
    input: (ctx) => ({ ...storeScope(ctx), group_id: pathParam(ctx, 'group'), ...sixDateParts(ctx) }),
  }),
  rpcRoute(http.listPetAppointments, {
    access: { orga: 'store_read' },
    rpc: listPetAppointmentsRpc,
    input: (ctx) => ({
      ...storeScope(ctx),
      pet_id: pathParam(ctx, 'pet'),
      last_date: noneToNull(pathParam(ctx, 'last_date')),
      last_id: noneToNull(pathParam(ctx, 'last_id')),
    }),
  }),
  rpcRoute(http.latestPetAppointment, {
    access: { orga: 'store_read' },
    rpc: latestPetAppointmentRpc,
    input: (ctx) => ({ ...storeScope(ctx), pet_id: pathParam(ctx, 'pet') }),
  }),
  rpcRoute(http.getAppointment, { access: { orga: 'store_read' }, rpc: getAppointmentRpc, input: appointmentScope }),
  rpcRoute(http.createAppointment, {
    access: { orga: 'store_write' },
    answers: COLLIDES,
    rpc: createAppointmentRpc,
    input: (ctx) => ({ ...storeScope(ctx), ...ctx.body }),
  }),
  rpcRoute(http.checkAppointment, {
    access: { orga: 'store_write' },
    rpc: checkAppointmentRpc,
    input: (ctx) => ({ ...storeScope(ctx), ...ctx.body }),
  }),
  rpcRoute(http.updateAppointment, {
    access: { orga: 'store_write' },
    answers: COLLIDES,
    rpc: updateAppointmentRpc,
    input: (ctx) => ({ ...appointmentScope(ctx), ...ctx.body }),
  }),
  rpcRoute(http.moveAppointment, {
    access: { orga: 'store_write' },
    answers: COLLIDES,
    rpc: moveAppointmentRpc,
    input: (ctx) => ({ ...appointmentScope(ctx), ...ctx.body }),
  }),
  rpcRoute(http.resizeAppointment, {
    access: { orga: 'store_write' },
    answers: COLLIDES,
    rpc: resizeAppointmentRpc,
    input: (ctx) => ({ ...appointmentScope(ctx), ...ctx.body }),
  }),
  rpcRoute(http.checkOutAppointment, {
    access: { orga: 'store_write' },
    rpc: checkOutAppointmentRpc,
    input: (ctx) => ({ ...appointmentScope(ctx), ...ctx.body }),
  }),
  rpcRoute(http.updateAppointmentNotes, {
    access: { orga: 'store_write' },
    rpc: updateAppointmentNotesRpc,
    input: (ctx) => ({ ...appointmentScope(ctx), ...ctx.body }),
  }),
  rpcRoute(http.updateAppointmentStatus, {
    access: { orga: 'store_write' },
    answers: COLLIDES,
    rpc: updateAppointmentStatusRpc,
    input: (ctx) => ({ ...appointmentScope(ctx), ...ctx.body }),
  }),
  rpcRoute(http.undoAppointmentChange, {
    access: { orga: 'store_write' },
    answers: COLLIDES,
    rpc: undoAppointmentChangeRpc,
    input: (ctx) => ({ ...storeScope(ctx), change_id: pathParam(ctx, 'change'), ...ctx.body }),
  }),
  rpcRoute(http.deleteAppointment, {
    access: { orga: 'store_write' },
    rpc: deleteAppointmentRpc,
    input: (ctx) => ({ ...appointmentScope(ctx), scope: ctx.query.scope ?? 'one' }),
  }),
  rpcRoute(http.listTreatments, {
    access: { orga: 'member' },
    rpc: listTreatmentsRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), include_archived: ctx.query.include_archived === 'true' }),
  }),
  rpcRoute(http.createTreatment, {
    access: { orga: 'orga_admin' },
    rpc: createTreatmentRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), ...ctx.body }),
  }),
  rpcRoute(http.updateTreatment, {
    access: { orga: 'orga_admin' },
    rpc: updateTreatmentRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), treatment_id: pathParam(ctx, 'id'), ...ctx.body }),
  }),
  rpcRoute(http.regenerateCalendarFeed, {
    access: { orga: 'store_read' },
    rpc: regenerateCalendarFeedRpc,
    input: (ctx) => ({ ...storeScope(ctx), ...ctx.body }),
  }),
  fileDownloadRoute(http.calendarFeed, {
    access: 'public',
    download: async (ctx, rpc) => {
      const feed = await rpc.call(readCalendarFeedRpc, { token: pathParam(ctx, 'token') });
      const bytes = Buffer.from(feed.body, 'utf8');
      return {
        contentType: feed.content_type,
        fileName: 'pawline.ics',
        size: bytes.length,
        parts: (async function* () {
          yield bytes;
        })(),
      };
    },
  }),
];
