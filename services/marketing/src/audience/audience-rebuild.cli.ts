// Backfills marketing's audience from the EVENTS stream (docs/adr/0033, audience-rebuild.ts) and prints what it found:
//   node -r ./tools/swc/register.cjs services/marketing/src/audience/audience-rebuild.cli.ts
// with the service's environment (DATABASE_URL, NATS_URL, PAWLINE_SUBJECT_PREFIX); the tables exist (the service ran
// its migrations). Safe while marketing runs, and to run again.
import { connect } from '@nats-io/transport-node';
import { dataSourceOptions, loadKitConfig } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { marketingService } from '../marketing.service-definition';
import { rebuildAudience } from './audience-rebuild';

async function main(): Promise<void> {
  const config = loadKitConfig(marketingService, process.env);
  const db = new DataSource(dataSourceOptions(marketingService, config));
  await db.initialize();
  const nc = await connect({ servers: config.natsUrl });
  try {
    const r = await rebuildAudience(db, nc, config);
    console.log(
      `rebuilt marketing's audience from ${r.events} events in ${r.seconds.toFixed(2)} s: ${r.customers} customers, ${r.pets} pets, ` +
        `${r.appointments} appointments, ${r.visits} visits; ${r.skipped} unreadable events skipped; ` +
        `${r.customersWithoutCityOrTags} customers known only from events without city and tags`,
    );
  } finally {
    await nc.close();
    await db.destroy();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
