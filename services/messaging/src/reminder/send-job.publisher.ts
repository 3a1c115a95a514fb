import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { sendMessageWork, type EventEnvelope } from '@pawline/contracts';
import { headersWithTraceContext, prefixed, type KitConfig } from '@pawline/nest-kit';

export type SendJob = { outboundId: string; orgaId: string; storeId: string | null };

/** Publishes this many jobs before waiting for their PubAcks (one socket write carries many; memory stays bounded). */
export const PUBLISH_WINDOW = 1000;

/**
 * Send jobs onto WORK (work.messaging.send): the envelope's id and Nats-Msg-Id are the outbound message's id, so
 * JetStream drops a job published twice within its duplicate window, and the worker's claim covers the rest.
 */
export class SendJobPublisher {
  private readonly js: JetStreamClient;
  private readonly subject: string;

  constructor(nc: NatsConnection, config: Pick<KitConfig, 'subjectPrefix'>) {
    this.js = jetstream(nc);
    this.subject = prefixed(config, sendMessageWork.subject);
  }

  /** Answers the ids JetStream accepted; the others stay unqueued for the sweep. */
  async publish(jobs: SendJob[], now: Date): Promise<{ accepted: string[]; failed: number; lastError: unknown }> {
    const accepted: string[] = [];
    let failed = 0;
    let lastError: unknown = null;
    // the reminder run's trace context (traceparent) on every job: the worker continues it
    const headers = headersWithTraceContext();
    for (let start = 0; start < jobs.length; start += PUBLISH_WINDOW) {
      const window = jobs.slice(start, start + PUBLISH_WINDOW);
      const results = await Promise.allSettled(
        window.map((job) => {
          const envelope: EventEnvelope<{ outbound_id: string }> = {
            id: job.outboundId,
            subject: sendMessageWork.subject,
            occurredAt: now.toISOString(),
            orgaId: job.orgaId,
            storeId: job.storeId,
            actor: null,
            data: { outbound_id: job.outboundId },
          };
          return this.js.publish(this.subject, JSON.stringify(envelope), { msgID: job.outboundId, headers });
        }),
      );
      results.forEach((result, index) => {
        const job = window[index];
        if (result.status === 'fulfilled' && job) accepted.push(job.outboundId);
        else if (result.status === 'rejected') {
          failed += 1;
          lastError = result.reason;
        }
      });
    }
    return { accepted, failed, lastError };
  }
}
