import type { WebhookDelivery, WebhookEndpoint } from '@pawline/contracts';

/** A webhook_endpoint row as SQL answers it. */
export type EndpointRow = {
  id: string;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  disabled_reason: string | null;
  failing_since: Date | null;
  secret_prefix: string;
  previous_secret_until: Date | null;
  created_at: Date;
  updated_at: Date;
};

export const ENDPOINT_COLUMNS = `id, url, description, events, enabled, disabled_reason, failing_since, secret_prefix, previous_secret_until, created_at, updated_at`;

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

export function endpointOf(row: EndpointRow): WebhookEndpoint {
  const overlap = row.previous_secret_until && new Date(row.previous_secret_until) > new Date() ? row.previous_secret_until : null;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEndpoint['events'],
    enabled: row.enabled,
    disabled_reason: row.disabled_reason as WebhookEndpoint['disabled_reason'],
    failing_since: iso(row.failing_since),
    secret_prefix: row.secret_prefix,
    previous_secret_until: iso(overlap),
    created_at: iso(row.created_at) ?? '',
    updated_at: iso(row.updated_at) ?? '',
  };
}

/** A webhook_delivery row as SQL answers it. */
export type DeliveryRow = {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: string;
  attempts: number;
  response_code: number | null;
  error: string | null;
  created_at: Date;
  last_attempt_at: Date | null;
  next_attempt_at: Date | null;
  delivered_at: Date | null;
};

export const DELIVERY_COLUMNS = `id, endpoint_id, event_id, event_type, status, attempts, response_code, error, created_at, last_attempt_at, next_attempt_at, delivered_at`;

export function deliveryOf(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpoint_id: row.endpoint_id,
    event_id: row.event_id,
    event_type: row.event_type as WebhookDelivery['event_type'],
    status: row.status as WebhookDelivery['status'],
    attempts: row.attempts,
    response_code: row.response_code,
    error: row.error,
    created_at: iso(row.created_at) ?? '',
    last_attempt_at: iso(row.last_attempt_at),
    next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    delivered_at: iso(row.delivered_at),
  };
}

/** The rows of an UPDATE … RETURNING: TypeORM's query answers `[rows, count]` for an UPDATE, plain rows otherwise. */
export function returnedRows<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}
