import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { AlwaysOffSampler, AlwaysOnSampler, BatchSpanProcessor, NoopSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { registerKitInstrumentations } from './instrumentations';

const started = Symbol.for('pawline.tracing.sdk');
type TracingGlobal = typeof globalThis & { [started]?: NodeSDK };

/**
 * Starts the OpenTelemetry NodeSDK once per process (later calls are no-ops): W3C propagation,
 * HTTP and pg instrumentation, and the OTLP/HTTP exporter only when OTEL_EXPORTER_OTLP_ENDPOINT is set.
 * Call it before the service's modules load pg, or pg queries are not traced.
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
  const spanProcessor = endpoint
    ? new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` }))
    : new NoopSpanProcessor();
  const sdk = new NodeSDK({
    resource: resourceFromAttributes({ 'service.name': options.serviceName ?? process.env['OTEL_SERVICE_NAME'] ?? 'pawline' }),
    autoDetectResources: false,
    spanProcessors: [spanProcessor],
    sampler: endpoint ? new AlwaysOnSampler() : new AlwaysOffSampler(),
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [],
  });
  sdk.start();
  holder[started] = sdk;
}

/** Flushes and stops the SDK (used at process exit). */
export async function shutdownTracing(): Promise<void> {
  const holder = globalThis as TracingGlobal;
  const sdk = holder[started];
  if (!sdk) return;
  delete holder[started];
  await sdk.shutdown();
}
