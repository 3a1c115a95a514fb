import { getReportCardRpc, lastReportCardRpc, saveReportCardRpc } from '../scheduling';
import { defineRoute, type PathParameter } from '../core/http-route';

// Issue 31 report cards: staff's note on a pet at check-out, kept by scheduling on the pet's history.

const STORE = '/api/v1/orga/:orga/store/:store';
const saveBody = saveReportCardRpc.request.omit({ orga_id: true, store_id: true, appointment_id: true, pet_id: true });

const BEFORE_PARAM: Record<string, PathParameter> = {
  before: {
    pattern: /^(none|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i,
    description: 'The appointment being looked at (its own card is not "the last"), or none',
  },
};

export const reportCardHttpRoutes = {
  saveReportCard: defineRoute({
    method: 'put',
    path: `${STORE}/appointment/:appointment/pet/:pet/report_card`,
    summary:
      'Write the report card of a pet of a checked-out appointment: the note and whether it goes to the owner now, later or never (issue 31)',
    tag: 'scheduling',
    body: saveBody,
    response: saveReportCardRpc.response,
  }),
  getReportCard: defineRoute({
    method: 'get',
    path: `${STORE}/appointment/:appointment/pet/:pet/report_card`,
    summary: 'The report card of a pet of an appointment, or null (issue 31)',
    tag: 'scheduling',
    response: getReportCardRpc.response,
  }),
  lastReportCard: defineRoute({
    method: 'get',
    path: `${STORE}/pet/:pet/report_card/last/:before`,
    summary: "The pet's last report card from an earlier appointment than :before (or the last of all), or null (issue 31)",
    tag: 'scheduling',
    params: BEFORE_PARAM,
    response: lastReportCardRpc.response,
  }),
};
