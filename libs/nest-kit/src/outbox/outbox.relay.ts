import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import { headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { KIT_CONFIG, prefixed, type KitConfig } from '../config/kit-config';
import { faultPoint } from '../fault-point';
import { PawlineLogger } from '../logging/pawline.logger';
import { NATS_CONNECTION } from '../nats/nats.tokens';
import { outboxChannel } from './outbox.service';

type OutboxRow = { position: string; id: string; subject: string; envelope: unknown; headers: Record<string, string> };

const BATCH = 100;
const POLL_MS = 1000;

/**
 * Publishes outbox rows to JetStream in position order with Nats-Msg-Id = event id and marks them
 * published after the PubAck. A crash before the mark republishes; the stream drops the duplicate.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly js: JetStreamClient;
  private readonly log: PawlineLogger;
  private listener: Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
    logger: PawlineLogger,
  ) {
    this.js = jetstream(nc);
    this.log = logger.child({ context: 'OutboxRelay' });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.listen();
    this.timer = setInterval(() => this.wake(), POLL_MS);
    this.wake(); // rows left unpublished by a previous run
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    await this.listener?.end().catch(() => undefined);
  }

  /** Runs one drain now, or once more after the running one. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.log.error('outbox relay failed', { err: error }))
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Publishes until no unpublished row is left (or the stop). */
  async drain(): Promise<void> {
    while (!this.stopped && (await this.publishBatch()) === BATCH);
  }

  private async publishBatch(): Promise<number> {
    const schema = `"${this.config.schema}"`;
    return this.dataSource.transaction(async (manager) => {
      // one relay at a time keeps the order; SKIP LOCKED keeps a second one from waiting on rows
      const [lock] = await manager.query<{ ok: boolean }[]>(`SELECT pg_try_advisory_xact_lock(hashtext($1)) AS ok`, [
        `pawline-outbox:${this.config.schema}`,
      ]);
      if (!lock?.ok) return 0;
      const rows = await manager.query<OutboxRow[]>(
        `SELECT "position", "id", "subject", "envelope", "headers" FROM ${schema}."outbox_event"
          WHERE "published_at" IS NULL ORDER BY "position" LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
      );
      const published: string[] = [];
      let failure: unknown = null;
      for (const row of rows) {
        const hdrs = natsHeaders();
        for (const [key, value] of Object.entries(row.headers ?? {})) hdrs.set(key, value);
        try {
          await this.js.publish(prefixed(this.config, row.subject), JSON.stringify(row.envelope), { msgID: row.id, headers: hdrs });
        } catch (error) {
          failure = error;
          break;
        }
        faultPoint('exit-after-publish');
        published.push(row.position);
      }
      if (published.length > 0) {
        await manager.query(`UPDATE ${schema}."outbox_event" SET "published_at" = now() WHERE "position" = ANY($1::bigint[])`, [published]);
      }
      if (failure) {
        // the rest stays unpublished and is retried at the next wake or poll
        this.log.warn('outbox publish failed', { err: failure, published: published.length });
        return -1;
      }
      return published.length;
    });
  }

  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.config.databaseUrl });
    client.on('notification', () => this.wake());
    client.on('error', (error) => {
      // polling goes on; NOTIFY only makes it faster
      this.log.warn('outbox listener lost', { err: String(error) });
      this.listener = null;
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${outboxChannel(this.config.schema)}"`);
      this.listener = client;
    } catch (error) {
      this.log.warn('outbox listener unavailable, polling only', { err: String(error) });
      await client.end().catch(() => undefined);
    }
  }
}
