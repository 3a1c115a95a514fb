import { z } from 'zod';
import {
  checkOutAppointmentRpc,
  createAppointmentRpc,
  createTreatmentRpc,
  deleteAppointmentRpc,
  getAppointmentRpc,
  latestPetAppointmentRpc,
  listAppointmentRangeRpc,
  listPetAppointmentsRpc,
  listRecurringGroupRpc,
  listTreatmentsRpc,
  moveAppointmentRpc,
  readCalendarFeedRpc,
  recurringScopeSchema,
  regenerateCalendarFeedRpc,
  resizeAppointmentRpc,
  updateAppointmentNotesRpc,
  updateAppointmentRpc,
  updateAppointmentStatusRpc,
  updateTreatmentRpc,
} from '@pawline/contracts';
import {
  fileRoute,
  orgaParam,
  pathParam,
  rpcRoute,
  storeParam,
  type ApiRoute,
  type PathParameter,
  type RouteContext,
} from '../http/route-definition';

// Appointments, treatments and calendar feeds (spec §7 "Appointments", R7.05, R1.15).
// The six date parts and the pet-history cursor are path segments as spec §7 documents them:
// /appointments/{y}/{m}/{d}/{y2}/{m2}/{d2}, /pet/{pet}/appointments/{last date or none}/{last id or none}.

const STORE = '/api/v1/orga/:orga/store/:store';

const DATE_PART_PARAMS: Record<string, PathParameter> = Object.fromEntries(
  [
    ['y', /^\d{4}$/, 'A four-digit year'],
    ['m', /^(0?[1-9]|1[0-2])$/, 'A month from 1 to 12'],
    ['d', /^(0?[1-9]|[12]\d|3[01])$/, 'A day from 1 to 31'],
  ].flatMap(([name, pattern, description]) => [
    [name as string, { pattern: pattern as RegExp, description: description as string }],
    [`${name as string}2`, { pattern: pattern as RegExp, description: description as string }],
  ]),
);
const SIX_DATE_PARTS = ':y/:m/:d/:y2/:m2/:d2';

const sixDateParts = (ctx: RouteContext) => ({
  y: Number(pathParam(ctx, 'y')),
  m: Number(pathParam(ctx, 'm')),
  d: Number(pathParam(ctx, 'd')),
  y2: Number(pathParam(ctx, 'y2')),
  m2: Number(pathParam(ctx, 'm2')),
  d2: Number(pathParam(ctx, 'd2')),
});

const PET_HISTORY_PARAMS: Record<string, PathParameter> = {
  last_date: {
    pattern: /^(none|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))$/,
    description: "The last appointment's ISO date-time, or none",
  },
  last_id: {
    pattern: /^(none|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i,
    description: "The last appointment's id, or none",
  },
};

const noneToNull = (value: string) => (value === 'none' ? null : value);

const deleteQuery = z.strictObject({ scope: recurringScopeSchema.optional() });
type DeleteQuery = z.infer<typeof deleteQuery>;

const createBody = createAppointmentRpc.request.omit({ orga_id: true, store_id: true });
const updateBody = updateAppointmentRpc.request.omit({ orga_id: true, store_id: true, appointment_id: true });
const moveBody = moveAppointmentRpc.request.omit({ orga_id: true, store_id: true, appointment_id: true });
const resizeBody = resizeAppointmentRpc.request.omit({ orga_id: true, store_id: true, appointment_id: true });
const doneBody = checkOutAppointmentRpc.request.omit({ orga_id: true, store_id: true, appointment_id: true });
const notesBody = updateAppointmentNotesRpc.request.omit({ orga_id: true, store_id: true, appointment_id: true });
const statusBody = updateAppointmentStatusRpc.request.omit({ orga_id: true, store_id: true, appointment_id: true });
const treatmentBody = createTreatmentRpc.request.omit({ orga_id: true });
const treatmentUpdateBody = updateTreatmentRpc.request.omit({ orga_id: true, treatment_id: true });
const feedBody = regenerateCalendarFeedRpc.request.omit({ orga_id: true, store_id: true });
const treatmentListQuery = z.strictObject({ include_archived: z.enum(['true', 'false']).optional() });

const storeScope = (ctx: RouteContext) => ({ orga_id: orgaParam(ctx), store_id: storeParam(ctx) });
const appointmentScope = (ctx: RouteContext) => ({ ...storeScope(ctx), appointment_id: pathParam(ctx, 'id') });

export const schedulingRoutes: ApiRoute[] = [
  rpcRoute({
    method: 'get',
    path: `${STORE}/appointments/${SIX_DATE_PARTS}`,
    summary: 'Appointments of the local days y-m-d to y2-m2-d2 (items, treatments, pets; R7.05)',
    tag: 'scheduling',
    access: { orga: 'store_read' },
    params: DATE_PART_PARAMS,
    rpc: listAppointmentRangeRpc,
    input: (ctx) => ({ ...storeScope(ctx), ...sixDateParts(ctx) }),
  }),
  rpcRoute({
    method: 'get',
    path: `${STORE}/appointments_recurring_group/:group/${SIX_DATE_PARTS}`,
    summary: 'Members of a recurring group within the local days y-m-d to y2-m2-d2 (R7.05)',
    tag: 'scheduling',
    access: { orga: 'store_read' },
    params: DATE_PART_PARAMS,
    rpc: listRecurringGroupRpc,
    input: (ctx) => ({ ...storeScope(ctx), group_id: pathParam(ctx, 'group'), ...sixDateParts(ctx) }),
  }),
  rpcRoute({
    method: 'get',
    path: `${STORE}/pet/:pet/appointments/:last_date/:last_id`,
    summary: "A pet's appointments, newest first, 50 a page after the last date and id, or none (R7.05, R9.05)",
    tag: 'scheduling',
    access: { orga: 'store_read' },
    params: PET_HISTORY_PARAMS,
    rpc: listPetAppointmentsRpc,
    input: (ctx) => ({
      ...storeScope(ctx),
      pet_id: pathParam(ctx, 'pet'),
      last_date: noneToNull(pathParam(ctx, 'last_date')),
      last_id: noneToNull(pathParam(ctx, 'last_id')),
    }),
  }),
  rpcRoute({
    method: 'get',
    path: `${STORE}/pet/:pet/appointment/latest`,
    summary: "A pet's latest appointment (item, treatments, pets; R7.05)",
    tag: 'scheduling',
    access: { orga: 'store_read' },
    rpc: latestPetAppointmentRpc,
    input: (ctx) => ({ ...storeScope(ctx), pet_id: pathParam(ctx, 'pet') }),
  }),
  rpcRoute({
    method: 'get',
    path: `${STORE}/appointment/:id`,
    summary: 'One appointment with its treatments and pets (R7.05)',
    tag: 'scheduling',
    access: { orga: 'store_read' },
    rpc: getAppointmentRpc,
    input: appointmentScope,
  }),
  rpcRoute({
    method: 'post',
    path: `${STORE}/appointment`,
    summary: 'Book an appointment, or a recurring group (R3.07)',
    tag: 'scheduling',
    access: { orga: 'store_write' },
    status: 201,
    body: createBody,
    rpc: createAppointmentRpc,
    input: (ctx) => ({ ...storeScope(ctx), ...(ctx.body as z.infer<typeof createBody>) }),
  }),
  rpcRoute({
    method: 'put',
    path: `${STORE}/appointment/:id`,
    summary: 'Edit an appointment; scope one, following or all for a recurring one',
    tag: 'scheduling',
    access: { orga: 'store_write' },
    body: updateBody,
    rpc: updateAppointmentRpc,
    input: (ctx) => ({ ...appointmentScope(ctx), ...(ctx.body as z.infer<typeof updateBody>) }),
  }),
  rpcRoute({
    method: 'patch',
    path: `${STORE}/appointment/:id/move`,
    summary: 'Move an appointment (drag): new local date, time and staff member',
    tag: 'scheduling',
    access: { orga: 'store_write' },
    body: moveBody,
    rpc: moveAppointmentRpc,
    input: (ctx) => ({ ...appointmentScope(ctx), ...(ctx.body as z.infer<typeof moveBody>) }),
  }),
  rpcRoute({
    method: 'patch',
    path: `${STORE}/appointment/:id/resize`,
    summary: 'Resize an appointment (drag the edge): new duration in minutes',
    tag: 'scheduling',
    access: { orga: 'store_write' },
    body: resizeBody,
    rpc: resizeAppointmentRpc,
    input: (ctx) => ({ ...appointmentScope(ctx), ...(ctx.body as z.infer<typeof resizeBody>) }),
  }),
  rpcRoute({
    method: 'patch',
    path: `${STORE}/appointment/:id/done`,
    summary: 'Check out: final price, discount, total, cashed in (R4.11)',
    tag: 'scheduling',
    access: { orga: 'store_write' },
    body: doneBody,
    rpc: checkOutAppointmentRpc,
    input: (ctx) => ({ ...appointmentScope(ctx), ...(ctx.body as z.infer<typeof doneBody>) }),
  }),
  rpcRoute({
    method: 'patch',
    path: `${STORE}/appointment/:id/notes`,
    summary: "Change an appointment's notes",
    tag: 'scheduling',
    access: { orga: 'store_write' },
    body: notesBody,
    rpc: updateAppointmentNotesRpc,
    input: (ctx) => ({ ...appointmentScope(ctx), ...(ctx.body as z.infer<typeof notesBody>) }),
  }),
  rpcRoute({
    method: 'patch',
    path: `${STORE}/appointment/:id/status`,
    summary: "Change an appointment's status (2 = declined by the customer, R3.07)",
    tag: 'scheduling',
    access: { orga: 'store_write' },
    body: statusBody,
    rpc: updateAppointmentStatusRpc,
    input: (ctx) => ({ ...appointmentScope(ctx), ...(ctx.body as z.infer<typeof statusBody>) }),
  }),
  rpcRoute({
    method: 'delete',
    path: `${STORE}/appointment/:id`,
    summary: 'Delete an appointment; ?scope=one|following|all for a recurring one',
    tag: 'scheduling',
    access: { orga: 'store_write' },
    query: deleteQuery,
    rpc: deleteAppointmentRpc,
    input: (ctx) => ({ ...appointmentScope(ctx), scope: (ctx.query as DeleteQuery).scope ?? 'one' }),
  }),
  rpcRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/treatments',
    summary: "The organization's treatments catalogue (?include_archived=true)",
    tag: 'scheduling',
    access: { orga: 'member' },
    query: treatmentListQuery,
    rpc: listTreatmentsRpc,
    input: (ctx) => ({
      orga_id: orgaParam(ctx),
      include_archived: (ctx.query as z.infer<typeof treatmentListQuery>).include_archived === 'true',
    }),
  }),
  rpcRoute({
    method: 'post',
    path: '/api/v1/orga/:orga/treatment',
    summary: 'Add a treatment (organization administrators)',
    tag: 'scheduling',
    access: { orga: 'orga_admin' },
    status: 201,
    body: treatmentBody,
    rpc: createTreatmentRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), ...(ctx.body as z.infer<typeof treatmentBody>) }),
  }),
  rpcRoute({
    method: 'patch',
    path: '/api/v1/orga/:orga/treatment/:id',
    summary: 'Rename, re-price or archive a treatment (organization administrators)',
    tag: 'scheduling',
    access: { orga: 'orga_admin' },
    body: treatmentUpdateBody,
    rpc: updateTreatmentRpc,
    input: (ctx) => ({ orga_id: orgaParam(ctx), treatment_id: pathParam(ctx, 'id'), ...(ctx.body as z.infer<typeof treatmentUpdateBody>) }),
  }),
  rpcRoute({
    method: 'post',
    path: `${STORE}/calendar_feed`,
    summary: 'A new secret iCal feed URL for the store or one staff member; the old one stops working (R1.15)',
    tag: 'scheduling',
    access: { orga: 'store_read' },
    body: feedBody,
    rpc: regenerateCalendarFeedRpc,
    input: (ctx) => ({ ...storeScope(ctx), ...(ctx.body as z.infer<typeof feedBody>) }),
  }),
  fileRoute({
    method: 'get',
    path: '/api/v1/public/calendar/:token.ics',
    summary: 'The iCal feed (text/calendar, RFC 5545) that Google and Apple calendars subscribe to (R1.15)',
    tag: 'scheduling',
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
