import { errorMessage, httpStatusOf, isErrorCode, type ErrorCode } from '@pawline/contracts';

export type ApiErrorDetails = {
  params?: Record<string, string | number>;
  fields?: Record<string, string>;
  /** Seconds for the Retry-After header of a 429. */
  retryAfterSeconds?: number;
  /** A text of the service instead of the code's catalogue text (the upload errors of R5.10). */
  message?: string;
  /** Fields the error answer carries besides code, message and fields (slot_taken's fresh availability, a conflict's appointments). */
  extra?: Record<string, unknown>;
};

/** A failure the gateway answers itself (auth, guards, limits, body problems). */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly details: ApiErrorDetails = {},
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

export type ErrorBody = { code: ErrorCode; message: string; fields?: Record<string, string>; [extra: string]: unknown };

export type MappedError = { status: number; body: ErrorBody; retryAfterSeconds?: number };

/**
 * Maps anything thrown while answering a request to its HTTP status and `{ code, message, fields? }`
 * in the caller's language. ApiError and the kit's RpcError (anything carrying a known `code`)
 * keep their code; everything else is `internal`.
 */
export function mapError(error: unknown, lang: string): MappedError {
  const failure = failureOf(error);
  const body: ErrorBody = {
    ...failure.extra,
    code: failure.code,
    message: failure.message ?? errorMessage(failure.code, lang, failure.params),
  };
  if (failure.fields && Object.keys(failure.fields).length > 0) body.fields = failure.fields;
  return {
    status: httpStatusOf(failure.code),
    body,
    ...(failure.retryAfterSeconds !== undefined ? { retryAfterSeconds: failure.retryAfterSeconds } : {}),
  };
}

function failureOf(error: unknown): { code: ErrorCode } & ApiErrorDetails {
  if (error instanceof ApiError) return { code: error.code, ...error.details };
  if (typeof error === 'object' && error !== null) {
    const candidate = error as { code?: unknown; params?: unknown; fields?: unknown; text?: unknown; extra?: unknown };
    if (isErrorCode(candidate.code)) {
      return {
        code: candidate.code,
        ...(isStringRecord(candidate.params) ? { params: candidate.params } : {}),
        ...(isStringRecord(candidate.fields) ? { fields: candidate.fields as Record<string, string> } : {}),
        // a service's own text (already in the caller's language) and extra fields (the kit's RpcError)
        ...(typeof candidate.text === 'string' ? { message: candidate.text } : {}),
        ...(isStringRecord(candidate.extra) ? { extra: candidate.extra } : {}),
      };
    }
  }
  return { code: 'internal' };
}

function isStringRecord(value: unknown): value is Record<string, string | number> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
