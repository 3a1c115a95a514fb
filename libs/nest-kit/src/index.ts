// first: hooks http and pg before anything below loads them
import './tracing/early-instrumentation';
export * from './access';
export * from './auth/access-token';
export {
  KIT_CONFIG,
  SERVICE_CONFIG,
  KitConfigError,
  loadKitConfig,
  prefixed,
  streamName,
  type KitConfig,
  type LogLevel,
} from './config/kit-config';
export { KIT_ENTITIES, OutboxEventEntity, ProcessedEventEntity, DeadLetterEntity } from './database/kit-entities';
export { KitTables1000000000000, migrationSchema } from './database/kit-tables.migration';
export { dataSourceOptions } from './database/data-source.factory';
export {
  ConsumerTransaction,
  EventHandler,
  WorkHandler,
  type EventHandlerOptions,
  type WorkHandlerOptions,
} from './events/event-handler.decorator';
export { DeadLetterStore } from './events/dead-letter.store';
export { faultPoint } from './fault-point';
export { readEvent, safeJson } from './events/read-event';
export { HealthService } from './health/health.service';
export { KitModule } from './kit.module';
export { PawlineLogger } from './logging/pawline.logger';
export { NATS_CONNECTION } from './nats/nats.tokens';
export { OutboxService, outboxChannel, type OutboxMeta } from './outbox/outbox.service';
export { NatsRpcClient, type RpcCallOptions } from './rpc/nats-rpc.client';
export { orgaTombstones, type OrgaTombstones } from './purge/orga-tombstone';
export { RawJson } from './rpc/raw-json';
export { RpcError, type RpcErrorDetails } from './rpc/rpc-error';
export { RpcContractPipe } from './rpc/rpc-contract.pipe';
export { RpcHandler, type RpcCallContext } from './rpc/rpc-handler.decorator';
export { zodFields } from './rpc/zod-fields';
export { runService } from './run-service';
export * from './storage';
export { openSealed, openText, sealingKeyOf, sealText, type SealingKeys } from './crypto/sealed-text';
export { resealColumns, type ResealOptions, type ResealReport, type SealedColumns } from './crypto/reseal';
export type { ServiceDefinition } from './service-definition';
export { startService, type RunningService } from './start-service';
export { initTracing, shutdownTracing } from './tracing/init-tracing';
export { continueTrace, headersWithTraceContext, inSpan, resumeTrace, SpanKind, traceCarrier } from './tracing/nats-trace-context';
export { KitEventContext, KitRpcContext } from './transport/kit-contexts';
export { KitExceptionFilter } from './transport/kit-exception.filter';
export { KitNatsTransport } from './transport/kit-nats.transport';
export * from './entitlements/entitlements';
