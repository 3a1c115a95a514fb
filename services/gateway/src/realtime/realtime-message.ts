import type { EventEnvelope, RealtimeMessage } from '@pawline/contracts';

export type { RealtimeMessage };

const subjectPattern = /^evt\.([a-z][a-z-]*)\.([a-z][a-z0-9-_]*)\.([a-z][a-z0-9-_]*)\.v[0-9]+$/;

/** The realtime message of an event, or null for events of no organization. */
export function toRealtimeMessage(envelope: EventEnvelope): RealtimeMessage | null {
  const match = subjectPattern.exec(envelope.subject);
  if (!match || !envelope.orgaId) return null;
  const scope = match[2] ?? '';
  return {
    scope,
    channel: envelope.orgaId,
    store_id: envelope.storeId,
    data: entityIdOf(scope, envelope.data),
    event: match[3] ?? '',
    user: envelope.actor?.userId ?? null,
    device: envelope.actor?.deviceId ?? null,
  };
}

function entityIdOf(scope: string, payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const fields = payload as Record<string, unknown>;
  const key = `${scope.replace(/-/g, '_')}_id`;
  for (const candidate of [key, 'id']) {
    const value = fields[candidate];
    if (typeof value === 'string') return value;
  }
  return null;
}
