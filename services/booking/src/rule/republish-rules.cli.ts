// Publishes every booking rule again, with the rule, for analytics' working hours (docs/adr/0034, services/booking/README.md):
//   node -r ./tools/swc/register.cjs services/booking/src/rule/republish-rules.cli.ts
// with the service's environment (DATABASE_URL, PAWLINE_SUBJECT_PREFIX). It writes booking's outbox; the running
// booking service's relay publishes the rows (woken at commit), in order, and this waits up to --wait=seconds
// (default 60) for the last one. Idempotent: analytics keeps a rule it already has as it is.
import { OutboxService, dataSourceOptions, initTracing, loadKitConfig, shutdownTracing } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { bookingService } from '../booking.service-definition';
import { republishRules } from './republish-rules';

function waitSeconds(): number {
  const hit = process.argv.find((a) => a.startsWith('--wait='));
  const value = hit ? Number(hit.split('=')[1]) : 60;
  if (!Number.isFinite(value) || value < 0) throw new Error('--wait takes seconds (0: do not wait)');
  return value;
}

async function main(): Promise<void> {
  initTracing({ serviceName: 'booking-republish-rules' });
  const wait = waitSeconds();
  const config = loadKitConfig(bookingService, process.env);
  const db = new DataSource(dataSourceOptions(bookingService, config));
  await db.initialize();
  try {
    const started = Date.now();
    const report = await republishRules(db, new OutboxService(config));
    console.log(
      `wrote ${report.rules} rule.created events (${report.pages} transactions) to booking's outbox in ${Date.now() - started} ms`,
    );
    if (!report.lastEventId || wait === 0) return;
    const deadline = Date.now() + wait * 1000;
    for (;;) {
      const [row] = await db.query<{ published: boolean }[]>(
        `SELECT published_at IS NOT NULL AS published FROM "${config.schema}"."outbox_event" WHERE id = $1`,
        [report.lastEventId],
      );
      if (row?.published !== false) {
        console.log('all published');
        return;
      }
      if (Date.now() > deadline) {
        console.log(`not all published after ${wait} s: the booking service's relay publishes them when it runs`);
        process.exitCode = 3;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await db.destroy();
    await shutdownTracing();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
