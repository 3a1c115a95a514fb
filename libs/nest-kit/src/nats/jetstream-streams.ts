import { jetstreamManager, RetentionPolicy, type JetStreamManager, type StreamConfig } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import { streamName, type KitConfig } from '../config/kit-config';

type Prefix = Pick<KitConfig, 'subjectPrefix'>;

/**
 * NATS_STREAM_REPLICAS: copies of each stream a JetStream cluster keeps (1 on one machine, 3 in the
 * Kubernetes deployment: deploy/k8s). Read when a stream is created; an existing stream keeps its own.
 */
export function streamReplicas(env: Record<string, string | undefined> = process.env): number {
  const raw = env['NATS_STREAM_REPLICAS'];
  if (raw === undefined || raw === '') return 1;
  if (!/^[1-5]$/.test(raw)) throw new Error(`NATS_STREAM_REPLICAS=${JSON.stringify(raw)} must be a whole number from 1 to 5`);
  return Number(raw);
}

export function streamConfigs(
  config: Prefix,
  env: Record<string, string | undefined> = process.env,
): (Partial<StreamConfig> & { name: string })[] {
  const num_replicas = streamReplicas(env);
  return [
    // Nats-Msg-Id = event id: a relay that republishes after a crash is deduplicated within the hour.
    {
      name: streamName(config, 'EVENTS'),
      subjects: [`${config.subjectPrefix}evt.>`],
      duplicate_window: nanos(60 * 60 * 1000),
      num_replicas,
    },
    { name: streamName(config, 'WORK'), subjects: [`${config.subjectPrefix}work.>`], retention: RetentionPolicy.Workqueue, num_replicas },
  ];
}

/** Creates the EVENTS and WORK streams of this prefix when missing; safe when several services race. */
export async function ensureStreams(nc: NatsConnection, config: Prefix): Promise<JetStreamManager> {
  const jsm = await jetstreamManager(nc);
  for (const stream of streamConfigs(config)) {
    const name = stream.name;
    const exists = await jsm.streams.info(name).then(
      () => true,
      () => false,
    );
    if (exists) continue;
    try {
      await jsm.streams.add(stream);
    } catch (error) {
      // another service created it between our info and add
      const created = await jsm.streams.info(name).then(
        () => true,
        () => false,
      );
      if (!created) throw error;
    }
  }
  return jsm;
}

/** Deletes this prefix's streams (test environments). */
export async function deleteStreams(nc: NatsConnection, config: Prefix): Promise<void> {
  const jsm = await jetstreamManager(nc);
  for (const stream of streamConfigs(config)) {
    await jsm.streams.delete(stream.name).catch(() => false);
  }
}
