// A complete appointment for the calendar's tests: the one of libs/api-client's wire fixtures.
export { appointmentOf } from '@pawline/api-client';
