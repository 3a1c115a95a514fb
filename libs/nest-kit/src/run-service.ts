import { KitConfigError } from './config/kit-config';
import type { ServiceDefinition } from './service-definition';
import { startService, type RunningService } from './start-service';
import { initTracing, shutdownTracing } from './tracing/init-tracing';

/** main.ts of every service: start, close gracefully on SIGINT/SIGTERM, exit 1 on a bad config or a failed start. */
export function runService(def: ServiceDefinition): void {
  // before Nest and pg load, so the instrumentation can patch them
  initTracing({ serviceName: def.name });
  void start(def);
}

async function start(def: ServiceDefinition): Promise<void> {
  let running: RunningService;
  try {
    running = await startService(def);
  } catch (error) {
    const message = error instanceof KitConfigError ? error.message : `Service "${def.name}" failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
    process.stderr.write(`${message}\n`);
    process.exit(1);
  }
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`${def.name}: ${signal}, closing\n`);
    void running
      .close()
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
}
