import { ApiError } from '@pawline/api-client';

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.fields ? error.fields : {};
}
