import { QueryFailedError } from 'typeorm';

/** The constraint or index a unique violation (23505) hit, or null for any other error. */
export function uniqueViolationOf(error: unknown): string | null {
  if (!(error instanceof QueryFailedError)) return null;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === '23505' ? (driverError.constraint ?? '') : null;
}

export function isoOrNull(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}
