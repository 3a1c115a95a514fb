import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';

const registered = Symbol.for('pawline.tracing.instrumentations');
const instances = Symbol.for('pawline.tracing.instrumentation-instances');
type InstrumentationGlobal = typeof globalThis & { [registered]?: boolean; [instances]?: unknown[] };

/**
 * Hooks http and pg as early as possible: the kit's index imports this first, so a service's
 * main.ts loads it before pg. Spans go to the global tracer provider that initTracing sets later.
 */
export function registerKitInstrumentations(): void {
  const holder = globalThis as InstrumentationGlobal;
  if (holder[registered]) return;
  holder[registered] = true;
  // constructing an instrumentation enables its require hook; it traces through the global (proxy) provider
  holder[instances] = [new HttpInstrumentation(), new PgInstrumentation()];
}
