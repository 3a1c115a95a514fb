import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BasicTracerProvider,
  BatchSpanProcessor,
  NoopSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import { registerKitInstrumentations } from './instrumentations';

const started = Symbol.for('pawline.tracing.sdk');
type TracingGlobal = typeof globalThis & { [started]?: { provider: BasicTracerProvider; contextManager: AsyncLocalStorageContextManager } };

/**
 * Starts tracing once per process (later calls are no-ops): a tracer provider, async-local context,
 * W3C trace-context and baggage propagation, HTTP and pg instrumentation, and the OTLP/HTTP exporter
 * only when OTEL_EXPORTER_OTLP_ENDPOINT is set. Call it before the service's modules load pg, or pg
 * queries are not traced.
 *
 * The pieces are set up by hand rather than through @opentelemetry/sdk-node's NodeSDK: the NodeSDK
 * also loads the metrics and logs SDKs, every exporter protocol and a configuration-file validator,
 * about 9 MB per process that nothing here uses (deploy/README.md, "Memory"). The exporter is required only when an
 * endpoint is set.
 *
 * With an exporter every span is recorded, whatever the caller's sampled flag says (a service
 * without an exporter still passes its trace id on). Without one, spans are not recorded at all:
 * they still get trace and span ids, which logs carry and NATS headers propagate, but no
 * attributes, events or timing are collected for nobody to read (about 5 % of a request's CPU).
 */
export function initTracing(options: { serviceName?: string; otlpEndpoint?: string | null } = {}): void {
  const holder = globalThis as TracingGlobal;
  if (holder[started]) return;
  registerKitInstrumentations();
  // an explicit null means no exporter even when the variable is set
  const endpoint = options.otlpEndpoint !== undefined ? options.otlpEndpoint : (process.env['OTEL_EXPORTER_OTLP_ENDPOINT'] ?? null);
  const spanProcessor = endpoint ? new BatchSpanProcessor(otlpExporter(endpoint)) : new NoopSpanProcessor();
  const provider = new BasicTracerProvider({
    resource: defaultResource().merge(
      resourceFromAttributes({ 'service.name': options.serviceName ?? process.env['OTEL_SERVICE_NAME'] ?? 'pawline' }),
    ),
    spanProcessors: [spanProcessor],
    sampler: endpoint ? new AlwaysOnSampler() : new AlwaysOffSampler(),
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }));
  trace.setGlobalTracerProvider(provider);
  holder[started] = { provider, contextManager };
}

function otlpExporter(endpoint: string): SpanExporter {
  // required here, not imported: a process without an endpoint never loads the exporter and its transformer
  type Exporter = typeof import('@opentelemetry/exporter-trace-otlp-http');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as Exporter;
  return new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` });
}

/** Flushes and stops tracing (used at process exit). */
export async function shutdownTracing(): Promise<void> {
  const holder = globalThis as TracingGlobal;
  const running = holder[started];
  if (!running) return;
  delete holder[started];
  await running.provider.shutdown();
  trace.disable();
  propagation.disable();
  context.disable();
}
