// Rebuilds analytics' read model from the EVENTS stream (docs/adr/0034) and prints its rate:
//   node -r ./tools/swc/register.cjs services/analytics/src/projection/rebuild.cli.ts
// with the service's environment (DATABASE_URL, NATS_URL, PAWLINE_SUBJECT_PREFIX); the tables exist (the service ran its migrations).
import { connect } from '@nats-io/transport-node';
import { dataSourceOptions, loadKitConfig } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { analyticsService } from '../analytics.service-definition';
import { rebuildProjection } from './rebuild';

async function main(): Promise<void> {
  const config = loadKitConfig(analyticsService, process.env);
  const db = new DataSource(dataSourceOptions(analyticsService, config));
  await db.initialize();
  const nc = await connect({ servers: config.natsUrl });
  try {
    const report = await rebuildProjection(db, nc, config);
    console.log(
      `rebuilt analytics from ${report.events} events (${report.appointments} appointments) in ${report.seconds.toFixed(2)} s: ${report.eventsPerSecond} events/s`,
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
