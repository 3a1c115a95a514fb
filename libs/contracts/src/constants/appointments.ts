/** spec §3: an appointment's status; 1 the customer confirmed, 2 declined (R3.07), from the reminder's buttons. */
export const APPOINTMENT_STATUS = { booked: 0, confirmed_by_customer: 1, declined_by_customer: 2, no_show: 3 } as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUS)[keyof typeof APPOINTMENT_STATUS];

/** Issue 31 the longest report card note staff may write (the WhatsApp card carries its first 500 characters). */
export const REPORT_CARD_NOTE_LIMIT = 2000;
