import { Client } from 'pg';

/**
 * One reminder scheduler at a time across replicas: a Postgres session advisory lock, held on a connection of
 * its own for as long as this process leads. A leader that dies or loses its connection frees the lock at once
 * (the session ends), and the next tick of another replica takes it. Two leaders for a moment (a connection lost
 * in the middle of a run) still write each reminder once: outbound_message.dedupe_key is unique.
 */
export class SchedulerLeader {
  private client: Client | null = null;
  private leading = false;

  constructor(
    private readonly databaseUrl: string,
    /** the lock's name: one per schema, so test databases and deployments do not meet */
    private readonly lockName: string,
  ) {}

  /** Whether this process leads now: keeps the lock, or tries to take it. */
  async acquire(): Promise<boolean> {
    try {
      if (this.client && this.leading) {
        await this.client.query('SELECT 1');
        return true;
      }
      if (!this.client) {
        const client = new Client({ connectionString: this.databaseUrl, application_name: 'pawline-reminder-leader' });
        client.on('error', () => this.drop());
        await client.connect();
        this.client = client;
      }
      const result = await this.client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(hashtext($1)) AS ok`, [this.lockName]);
      this.leading = result.rows[0]?.ok === true;
      return this.leading;
    } catch {
      this.drop();
      return false;
    }
  }

  get isLeader(): boolean {
    return this.leading;
  }

  private drop(): void {
    const client = this.client;
    this.client = null;
    this.leading = false;
    void client?.end().catch(() => undefined);
  }

  /** Gives the lock up (shutdown): the session's end frees it. */
  async release(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.leading = false;
    await client?.end().catch(() => undefined);
  }
}
