import { z } from 'zod';
import {
  appointmentConflictAnswerSchema,
  checkAppointmentRpc,
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
  recurringScopeSchema,
  regenerateCalendarFeedRpc,
  resizeAppointmentRpc,
  undoAppointmentChangeRpc,
  updateAppointmentNotesRpc,
  updateAppointmentRpc,
  updateAppointmentStatusRpc,
  updateTreatmentRpc,
} from '../scheduling';
import { defineRoute, type PathParameter } from '../core/http-route';
import { DATE_PART_PARAMS, SIX_DATE_PARTS } from './path-params';

// Appointments, treatments and calendar feeds (spec §7 "Appointments", R7.05, R1.15).
// The six date parts and the pet-history cursor are path segments as spec §7 documents them:
// /appointments/{y}/{m}/{d}/{y2}/{m2}/{d2}, /pet/{pet}/appointments/{last date or none}/{last id or none}.

const STORE = '/api/v1/orga/:orga/store/:store';

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

const deleteQuery = z.strictObject({ scope: recurringScopeSchema.optional() });
const treatmentListQuery = z.strictObject({ include_archived: z.enum(['true', 'false']).optional() });

const createBody = createAppointmentRpc.request.omit({ orga_id: true, store_id: true });
const updateBody = updateAppointmentRpc.request.omit({ orga_id: true, store_id: true, appointment_id: true });
const moveBody = moveAppointmentRpc.request.omit({ orga_id: true, store_id: true, appointment_id: true });
const resizeBody = resizeAppointmentRpc.request.omit({ orga_id: true, store_id: true, appointment_id: true });
const checkBody = checkAppointmentRpc.request.omit({ orga_id: true, store_id: true });
const checkOutBody = checkOutAppointmentRpc.request.omit({ orga_id: true, store_id: true, appointment_id: true });
const notesBody = updateAppointmentNotesRpc.request.omit({ orga_id: true, store_id: true, appointment_id: true });
const statusBody = updateAppointmentStatusRpc.request.omit({ orga_id: true, store_id: true, appointment_id: true });
const undoBody = undoAppointmentChangeRpc.request.omit({ orga_id: true, store_id: true, change_id: true });
const treatmentBody = createTreatmentRpc.request.omit({ orga_id: true });
const treatmentUpdateBody = updateTreatmentRpc.request.omit({ orga_id: true, treatment_id: true });
const feedBody = regenerateCalendarFeedRpc.request.omit({ orga_id: true, store_id: true });

/** What a write that collides answers (ADR 0044): 409 conflict with the collisions and the colliding appointments. */
export const APPOINTMENT_CONFLICT_ANSWER = {
  status: 409,
  description: 'conflict: the time collides (a pet, the groomer, the pool, hours) and allow_conflict was not set; nothing written',
  schema: appointmentConflictAnswerSchema,
} as const;

export const schedulingHttpRoutes = {
  listAppointmentRange: defineRoute({
    method: 'get',
    path: `${STORE}/appointments/${SIX_DATE_PARTS}`,
    summary: 'Appointments of the local days y-m-d to y2-m2-d2 (items, treatments, pets; R7.05)',
    tag: 'scheduling',
    params: DATE_PART_PARAMS,
    response: listAppointmentRangeRpc.response,
  }),
  listRecurringGroup: defineRoute({
    method: 'get',
    path: `${STORE}/appointments_recurring_group/:group/${SIX_DATE_PARTS}`,
    summary: 'Members of a recurring group within the local days y-m-d to y2-m2-d2 (R7.05)',
    tag: 'scheduling',
    params: DATE_PART_PARAMS,
    response: listRecurringGroupRpc.response,
  }),
  listPetAppointments: defineRoute({
    method: 'get',
    path: `${STORE}/pet/:pet/appointments/:last_date/:last_id`,
    summary: "A pet's appointments, newest first, 50 a page after the last date and id, or none (R7.05, R9.05)",
    tag: 'scheduling',
    params: PET_HISTORY_PARAMS,
    response: listPetAppointmentsRpc.response,
  }),
  latestPetAppointment: defineRoute({
    method: 'get',
    path: `${STORE}/pet/:pet/appointment/latest`,
    summary: "A pet's latest appointment (item, treatments, pets; R7.05)",
    tag: 'scheduling',
    response: latestPetAppointmentRpc.response,
  }),
  getAppointment: defineRoute({
    method: 'get',
    path: `${STORE}/appointment/:id`,
    summary: 'One appointment with its treatments and pets (R7.05)',
    tag: 'scheduling',
    response: getAppointmentRpc.response,
  }),
  createAppointment: defineRoute({
    method: 'post',
    path: `${STORE}/appointment`,
    summary: 'Book an appointment, or a recurring group (R3.07)',
    tag: 'scheduling',
    status: 201,
    body: createBody,
    response: createAppointmentRpc.response,
  }),
  checkAppointment: defineRoute({
    method: 'post',
    path: `${STORE}/appointment_check`,
    summary: 'What an appointment would collide with before saving, and which of the listed groomers are free for it (ADR 0044)',
    tag: 'scheduling',
    body: checkBody,
    response: checkAppointmentRpc.response,
  }),
  updateAppointment: defineRoute({
    method: 'put',
    path: `${STORE}/appointment/:id`,
    summary: 'Edit an appointment; scope one, following or all for a recurring one',
    tag: 'scheduling',
    body: updateBody,
    response: updateAppointmentRpc.response,
  }),
  moveAppointment: defineRoute({
    method: 'patch',
    path: `${STORE}/appointment/:id/move`,
    summary: 'Move an appointment (drag): new local date, time and staff member',
    tag: 'scheduling',
    body: moveBody,
    response: moveAppointmentRpc.response,
  }),
  resizeAppointment: defineRoute({
    method: 'patch',
    path: `${STORE}/appointment/:id/resize`,
    summary: 'Resize an appointment (drag the edge): new duration in minutes',
    tag: 'scheduling',
    body: resizeBody,
    response: resizeAppointmentRpc.response,
  }),
  checkOutAppointment: defineRoute({
    method: 'patch',
    path: `${STORE}/appointment/:id/check_out`,
    summary:
      'Check out: final price, discount as an amount or discount_percent, total, cashed in (R4.11); not a declined, no-show or later day (409 checkout_not_allowed)',
    tag: 'scheduling',
    body: checkOutBody,
    response: checkOutAppointmentRpc.response,
  }),
  updateAppointmentNotes: defineRoute({
    method: 'patch',
    path: `${STORE}/appointment/:id/notes`,
    summary: "Change an appointment's notes",
    tag: 'scheduling',
    body: notesBody,
    response: updateAppointmentNotesRpc.response,
  }),
  updateAppointmentStatus: defineRoute({
    method: 'patch',
    path: `${STORE}/appointment/:id/status`,
    summary:
      "Change an appointment's status: 2 declined, 3 no-show, back to 0 restores one (R3.07); taking the time back may be 409 conflict",
    tag: 'scheduling',
    body: statusBody,
    response: updateAppointmentStatusRpc.response,
  }),
  undoAppointmentChange: defineRoute({
    method: 'post',
    path: `${STORE}/appointment_change/:change/undo`,
    summary:
      'Undo a move, resize, edit, delete or status change within 10 minutes (ADR 0043): the rows as they were, a deleted appointment again under a new id',
    tag: 'scheduling',
    body: undoBody,
    response: undoAppointmentChangeRpc.response,
  }),
  deleteAppointment: defineRoute({
    method: 'delete',
    path: `${STORE}/appointment/:id`,
    summary: 'Delete an appointment; ?scope=one|following|all for a recurring one',
    tag: 'scheduling',
    query: deleteQuery,
    response: deleteAppointmentRpc.response,
  }),
  listTreatments: defineRoute({
    method: 'get',
    path: '/api/v1/orga/:orga/treatments',
    summary: "The organization's treatments catalogue (?include_archived=true)",
    tag: 'scheduling',
    query: treatmentListQuery,
    response: listTreatmentsRpc.response,
  }),
  createTreatment: defineRoute({
    method: 'post',
    path: '/api/v1/orga/:orga/treatment',
    summary: 'Add a treatment (organization administrators)',
    tag: 'scheduling',
    status: 201,
    body: treatmentBody,
    response: createTreatmentRpc.response,
  }),
  updateTreatment: defineRoute({
    method: 'patch',
    path: '/api/v1/orga/:orga/treatment/:id',
    summary: 'Rename, re-price or archive a treatment (organization administrators)',
    tag: 'scheduling',
    body: treatmentUpdateBody,
    response: updateTreatmentRpc.response,
  }),
  regenerateCalendarFeed: defineRoute({
    method: 'post',
    path: `${STORE}/calendar_feed`,
    summary: 'A new secret iCal feed URL for the store or one staff member; the old one stops working (R1.15)',
    tag: 'scheduling',
    body: feedBody,
    response: regenerateCalendarFeedRpc.response,
  }),
  calendarFeed: defineRoute({
    method: 'get',
    path: '/api/v1/public/calendar/:token.ics',
    summary: 'The iCal feed (text/calendar, RFC 5545) that Google and Apple calendars subscribe to (R1.15)',
    tag: 'scheduling',
    transfer: 'download',
  }),
} as const;
