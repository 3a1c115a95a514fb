import type { z } from 'zod';
import { RpcError } from './rpc-error';

/** Zod issues as `fields`: path (`address.zip`, `items.0.name`; `_` for the root) → message. */
export function zodFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    fields[path] ??= issue.message;
  }
  return fields;
}

/** Parses with the schema or throws `RpcError('validation_failed')` with the fields. */
export function parseOrFail<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new RpcError('validation_failed', { fields: zodFields(parsed.error) });
  return parsed.data;
}
