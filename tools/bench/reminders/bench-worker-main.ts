// One messaging-worker process of the reminder benches (real worker, real Cloud API adapter, the fake behind it).
import { startService } from '@pawline/nest-kit';
import { messagingWorkerDefinition } from '../../../services/messaging/src/messaging-worker.service-definition';
import { BenchPortsModule } from './bench-ports.module';

void startService(messagingWorkerDefinition([BenchPortsModule]), { httpPort: 0 }).then(
  (running) => {
    process.send?.({ ready: true, httpUrl: running.httpUrl });
    process.once('SIGTERM', () => void running.close().then(() => process.exit(0)));
  },
  (error: unknown) => {
    process.stderr.write(`bench worker failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
