import type { AppointmentConflict } from '@pawline/contracts';

export type FieldErrors = Record<string, string>;

/**
 * A failed call: the server's code and (already localised) message, or the raw text (R8.06). A refused write
 * that collides (409 `conflict`, ADR 0044) also carries what it collides with, checked against the contract, so
 * a page can name the collisions without asking the check route again.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: FieldErrors | null;
  readonly conflict: AppointmentConflict | null;

  constructor(
    status: number,
    code: string,
    message: string,
    fields: FieldErrors | null = null,
    conflict: AppointmentConflict | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.conflict = conflict;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readFields(value: unknown): FieldErrors | null {
  if (!isRecord(value)) return null;
  const fields: FieldErrors = {};
  for (const [name, text] of Object.entries(value)) {
    if (typeof text === 'string') fields[name] = text;
    else if (Array.isArray(text) && typeof text[0] === 'string') fields[name] = text[0];
  }
  return Object.keys(fields).length > 0 ? fields : null;
}

// The contract's lists checked by hand: browser code takes no zod schema of libs/contracts (its constants entry
// test), and this is on every page's error path. A list that is not the contract's shape is no conflict.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK = /^\d{2}:\d{2}$/;
const REASONS = new Set(['pet', 'staff', 'pool', 'hours']);
const isUuid = (value: unknown) => typeof value === 'string' && UUID.test(value);
const isUuidOrNull = (value: unknown) => value === null || isUuid(value);
const isTextOrNull = (value: unknown) => value === null || typeof value === 'string';
const matches = (value: unknown, pattern: RegExp) => typeof value === 'string' && pattern.test(value);
const listOf = (value: unknown, each: (item: Record<string, unknown>) => boolean) =>
  Array.isArray(value) && value.every((item) => isRecord(item) && each(item));

const isCollision = (c: Record<string, unknown>) =>
  REASONS.has(c.reason as string) &&
  matches(c.date, DAY) &&
  isUuidOrNull(c.user_id) &&
  Array.isArray(c.appointment_ids) &&
  c.appointment_ids.every(isUuid);
const isConflictPet = (p: Record<string, unknown>) =>
  isUuid(p.pet_id) &&
  isTextOrNull(p.name) &&
  isUuidOrNull(p.customer_id) &&
  isTextOrNull(p.customer_first_name) &&
  isTextOrNull(p.customer_last_name);
const isConflictAppointment = (a: Record<string, unknown>) =>
  isUuid(a.id) &&
  isUuid(a.store_id) &&
  typeof a.same_store === 'boolean' &&
  matches(a.date, DAY) &&
  matches(a.start_time, CLOCK) &&
  matches(a.end_time, CLOCK) &&
  typeof a.starts_at === 'string' &&
  typeof a.ends_at === 'string' &&
  isUuidOrNull(a.user_id) &&
  Array.isArray(a.reasons) &&
  a.reasons.every((r) => REASONS.has(r as string)) &&
  listOf(a.pets, isConflictPet);

// only a 409 conflict's lists are read: any other body with the same field names is not a collision
function readConflict(status: number, code: string, body: Record<string, unknown>): AppointmentConflict | null {
  if (status !== 409 || code !== 'conflict') return null;
  if (!listOf(body.collisions, isCollision) || !listOf(body.conflicts, isConflictAppointment)) return null;
  return { collisions: body.collisions, conflicts: body.conflicts } as AppointmentConflict;
}

/** Builds the error of a non-2xx answer from its body text. */
export function apiErrorFromBody(status: number, statusText: string, body: string): ApiError {
  try {
    const parsed: unknown = JSON.parse(body);
    if (isRecord(parsed) && typeof parsed.message === 'string') {
      const code = typeof parsed.code === 'string' ? parsed.code : `http_${status}`;
      return new ApiError(status, code, parsed.message, readFields(parsed.fields), readConflict(status, code, parsed));
    }
  } catch {
    // not JSON: the raw text is what the user sees (R8.06)
  }
  const raw = body.trim();
  return new ApiError(status, `http_${status}`, raw.length > 0 ? raw : statusText || `HTTP ${status}`);
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The collisions of a write refused with 409 `conflict`, or null for any other failure (or a 409 without lists). */
export function conflictOf(error: unknown): AppointmentConflict | null {
  return isApiError(error) && error.status === 409 && error.code === 'conflict' ? error.conflict : null;
}
