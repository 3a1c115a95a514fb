import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { streamConfigs } from '../nats/jetstream-streams';

/**
 * Whether every consumer of this prefix's streams has taken and acknowledged everything: nothing
 * pending and nothing awaiting its acknowledgement. A handler that failed and waits for a redelivery
 * (a backoff of up to seconds) still counts as awaiting, so a quiet database alone does not mean done.
 */
export async function consumersIdle(nc: NatsConnection, subjectPrefix: string): Promise<boolean> {
  const jsm = await jetstreamManager(nc);
  for (const stream of streamConfigs({ subjectPrefix })) {
    for await (const consumer of jsm.consumers.list(stream.name)) {
      if (consumer.num_pending > 0 || consumer.num_ack_pending > 0) return false;
    }
  }
  return true;
}
