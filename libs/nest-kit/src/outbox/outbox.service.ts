import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EventContract, EventEnvelope, WorkContract } from '@pawline/contracts';
import type { z } from 'zod';
import type { EntityManager } from 'typeorm';
import { KIT_CONFIG, type KitConfig } from '../config/kit-config';
import { traceCarrier } from '../tracing/nats-trace-context';

export type OutboxMeta = {
  orgaId: string | null;
  storeId: string | null;
  actor: { userId: string | null; deviceId: string | null } | null;
};

export function outboxChannel(schema: string): string {
  return `pawline_outbox_${schema.replace(/[^a-z0-9_]/g, '_')}`;
}

/** Writes domain events (and work jobs) into the caller's transaction; the relay publishes them after commit. */
@Injectable()
export class OutboxService {
  constructor(@Inject(KIT_CONFIG) private readonly config: KitConfig) {}

  async add<C extends EventContract | WorkContract>(
    manager: EntityManager,
    contract: C,
    payload: z.infer<C['payload']>,
    meta: OutboxMeta,
  ): Promise<EventEnvelope<z.infer<C['payload']>>> {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error(`OutboxService.add(${contract.subject}) needs the EntityManager of a running transaction`);
    }
    const data = contract.payload.parse(payload) as z.infer<C['payload']>;
    const envelope: EventEnvelope<z.infer<C['payload']>> = {
      id: randomUUID(),
      subject: contract.subject,
      occurredAt: new Date().toISOString(),
      orgaId: meta.orgaId,
      storeId: meta.storeId,
      actor: meta.actor,
      data,
    };
    const schema = this.config.schema;
    await manager.query(`INSERT INTO "${schema}"."outbox_event" ("id", "subject", "envelope", "headers") VALUES ($1, $2, $3, $4)`, [
      envelope.id,
      envelope.subject,
      JSON.stringify(envelope),
      JSON.stringify(traceCarrier()),
    ]);
    // delivered at commit: wakes the relay at once instead of at its next poll
    await manager.query(`SELECT pg_notify($1, $2)`, [outboxChannel(schema), envelope.id]);
    return envelope;
  }
}
