import { customerAppointmentSummaryRpc, listCustomerAppointmentsRpc } from '../scheduling';
import { defineRoute, type PathParameter } from '../core/http-route';

// Issue 29 a customer's appointments and what they tell, for the customer page: scheduling answers for the
// customer's pets, which the gateway reads from crm (ADR 0052).

const STORE = '/api/v1/orga/:orga/store/:store';

const CUSTOMER_HISTORY_PARAMS: Record<string, PathParameter> = {
  when: { pattern: /^(upcoming|past)$/, description: 'upcoming (from now, soonest first) or past (newest first)' },
  last_date: {
    pattern: /^(none|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))$/,
    description: "The last appointment's ISO date-time, or none",
  },
  last_id: {
    pattern: /^(none|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i,
    description: "The last appointment's id, or none",
  },
};

export const customerHistoryHttpRoutes = {
  listCustomerAppointments: defineRoute({
    method: 'get',
    path: `${STORE}/customer/:customer/appointments/:when/:last_date/:last_id`,
    summary: "A customer's appointments in the store (items, treatments, pets), 50 a page: upcoming soonest first, past newest first",
    tag: 'scheduling',
    params: CUSTOMER_HISTORY_PARAMS,
    response: listCustomerAppointmentsRpc.response,
  }),
  getCustomerAppointmentSummary: defineRoute({
    method: 'get',
    path: `${STORE}/customer/:customer/appointment_summary`,
    summary: "What a customer's appointments in the store tell: spend, average ticket, last visit, declines and no-shows",
    tag: 'scheduling',
    response: customerAppointmentSummaryRpc.response,
  }),
};
