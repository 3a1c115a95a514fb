import { KitConfigError } from './config/kit-config';
import type { ServiceDefinition } from './service-definition';
import { startService } from './start-service';
import { initTracing, shutdownTracing } from './tracing/init-tracing';

/** main.ts of every service: start, close gracefully on SIGINT/SIGTERM, exit 1 on a bad config or a failed start. */
export function runService(def: ServiceDefinition): void {
  initTracing({ serviceName: def.name });
  const starting = startService(def);
  let stopping = false;
  // registered before the start completes: a signal while starting waits for it, then closes
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`${def.name}: ${signal}, closing\n`);
    void starting
      .then((running) => running.close())
      .then(() => shutdownTracing())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          process.stderr.write(`${def.name}: close failed: ${String(error)}\n`);
          process.exit(1);
        },
      );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  starting.catch((error: unknown) => {
    const message =
      error instanceof KitConfigError
        ? error.message
        : `Service "${def.name}" failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
    process.stderr.write(`${message}\n`);
    process.exit(1);
  });
}
