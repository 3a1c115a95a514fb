/**
 * Error codes. The server_* codes are the spec's (§8); the rest are ours and follow
 * the same shape so the shell handles every failure in one way.
 */
export const ERROR_CODES = {
  server_100: 401,
  server_101: 409,
  server_112: 401,
  server_401: 409,
  server_701: 403,
  server_1010: 403,
  validation_failed: 400,
  bad_json: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
  cross_site_request: 403,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  token_invalid: 400,
  terms_not_accepted: 400,
  promo_code_invalid: 400,
  /** spec §5 R5.17: no username can be made from the name (issue 29: only a name without letters or digits) */
  username_unavailable: 409,
  /** a pet or staff member named in a body is not one of the request's organization (and store) */
  unknown_reference: 400,
  /** free text to a customer outside WhatsApp's 24-hour window: a template message is needed */
  reply_window_closed: 409,
  /** a declined appointment, a no-show or one of a later day cannot be checked out (issue 26) */
  checkout_not_allowed: 409,
  /** an appointment cannot take this status now: a no-show before it started, a checked-out one declined (issue 26) */
  status_not_allowed: 409,
  /** online booking: another customer booked the time first; the answer carries fresh availability */
  slot_taken: 409,
  /** issue 30: the salon closed online booking to this customer (their no-shows); the answer carries the salon's message */
  booking_closed: 403,
  /** a premium feature or a quota the organization's plan does not include (libs/nest-kit entitlements, ADR 0029) */
  plan_required: 402,
  /** R1.24, R6.07 an expired trial or lapsed Premium: the app is blocked until the organization subscribes */
  subscription_inactive: 402,
  /** issue 27: WhatsApp onboarding — the signup's code was used or expired, or it granted no account and number */
  whatsapp_signup_failed: 400,
  /** the phone number id, account id or token of a manual connection are refused by WhatsApp */
  whatsapp_credentials_invalid: 400,
  /** the number is connected to another organization */
  whatsapp_number_in_use: 409,
  /** WhatsApp's API did not answer or failed */
  whatsapp_unavailable: 503,
  /** issue 32: a sale, transfer or count takes more units than the store has (the last unit went to another sale) */
  out_of_stock: 409,
  /** issue 32: another product of the organization has this barcode */
  barcode_taken: 409,
  /** issue 32: a return of more units than the sale's line has left */
  return_exceeds_sale: 409,
  /** issue 32: a line's discount is larger than the line */
  discount_exceeds_line: 400,
  /** issue 32: a product named in a body is not (or no longer) in the organization's catalogue */
  product_unavailable: 400,
  /** issue 32: the appointment was already checked out at the counter (one sale per appointment) */
  already_checked_out: 409,
  session_expired: 401,
  service_unavailable: 503,
  internal: 500,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function httpStatusOf(code: ErrorCode): number {
  return ERROR_CODES[code];
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}
