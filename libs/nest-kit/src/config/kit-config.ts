import { z } from 'zod';

export const KIT_CONFIG = Symbol('KIT_CONFIG');
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type KitConfig = {
  serviceName: string;
  /** The Postgres schema: the service's name unless its definition names another (ServiceDefinition.schema). */
  schema: string;
  databaseUrl: string;
  /** The most Postgres connections this process's pool opens for the service (DATABASE_POOL_MAX). */
  databasePoolMax: number;
  natsUrl: string;
  redisUrl: string | null;
  /** '' in production, 't<random>.' in tests: every subject and stream name carries it. */
  subjectPrefix: string;
  /** 0 = random port; null = no HTTP server (the service defines no `http`). */
  httpPort: number | null;
  logLevel: LogLevel;
  otlpEndpoint: string | null;
  /**
   * Check every pre-serialized (RawJson) reply against its response schema before sending it.
   * On in tests (NODE_ENV=test) so a projection that drifts from its contract fails there; off in
   * production, where those replies exist to skip per-row work.
   */
  checkRawReplies: boolean;
};

export class KitConfigError extends Error {}

const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `expected a ${protocols.join(' or ')}// URL`,
  );

const kitConfigSchema = z.object({
  serviceName: z.string().regex(/^[a-z][a-z0-9-]*$/, 'expected lowercase letters, digits and dashes'),
  schema: z.string().regex(/^[a-z][a-z0-9-]*$/, 'expected lowercase letters, digits and dashes'),
  databaseUrl: url(['postgres:', 'postgresql:']),
  databasePoolMax: z.number().int().min(1).max(100),
  natsUrl: url(['nats:', 'tls:']),
  redisUrl: url(['redis:', 'rediss:']).nullable(),
  subjectPrefix: z.string().regex(/^([a-z0-9]+\.)?$/, "expected '' or lowercase letters and digits ending with '.' (t1a2b.)"),
  httpPort: z.number().int().min(0).max(65535).nullable(),
  logLevel: z.enum(LOG_LEVELS),
  otlpEndpoint: url(['http:', 'https:']).nullable(),
  checkRawReplies: z.boolean(),
});

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/pawline';
/**
 * Connections per service and process. Ten services share one Postgres (100 connections by default):
 * 5 each leaves room for a second stack, the migrations and an operator's psql; a busy deployment
 * raises it per Deployment (deploy/).
 */
export const DEFAULT_DATABASE_POOL_MAX = 5;
export const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export function portVariable(serviceName: string): string {
  return `PORT_${serviceName.toUpperCase().replace(/-/g, '_')}`;
}

type Env = Record<string, string | undefined>;

/** 'on' / 'off' (also true/false, 1/0); unset or empty → the fallback; anything else is kept for the schema to refuse. */
function onOff(value: string | undefined, fallback: boolean): unknown {
  if (value === undefined || value === '') return fallback;
  if (['on', 'true', '1'].includes(value)) return true;
  if (['off', 'false', '0'].includes(value)) return false;
  return value;
}

/** A whole number, or the fallback when unset; anything else is kept for the schema to refuse. */
function integerOr(value: string | undefined, fallback: number): unknown {
  if (value === undefined || value === '') return fallback;
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** Reads, defaults and validates the kit's settings; a bad value throws a KitConfigError naming its variable. */
export function loadKitConfig(
  service: { name: string; schema?: string; http?: { defaultPort: number } },
  env: Env = process.env,
  overrides: Partial<KitConfig> = {},
): KitConfig {
  const portVar = portVariable(service.name);
  const sources: Record<keyof KitConfig, string> = {
    serviceName: 'ServiceDefinition.name',
    schema: 'ServiceDefinition.schema',
    databaseUrl: 'DATABASE_URL',
    databasePoolMax: 'DATABASE_POOL_MAX',
    natsUrl: 'NATS_URL',
    redisUrl: 'REDIS_URL',
    subjectPrefix: 'PAWLINE_SUBJECT_PREFIX',
    httpPort: portVar,
    logLevel: 'LOG_LEVEL',
    otlpEndpoint: 'OTEL_EXPORTER_OTLP_ENDPOINT',
    checkRawReplies: 'PAWLINE_CHECK_RAW_REPLIES',
  };
  const rawPort = env[portVar];
  const redis = env['REDIS_URL'];
  const raw: Record<keyof KitConfig, unknown> = {
    serviceName: service.name,
    schema: service.schema ?? service.name,
    databaseUrl: env['DATABASE_URL'] || DEFAULT_DATABASE_URL,
    databasePoolMax: integerOr(env['DATABASE_POOL_MAX'], DEFAULT_DATABASE_POOL_MAX),
    natsUrl: env['NATS_URL'] || DEFAULT_NATS_URL,
    redisUrl: redis === 'off' ? null : redis || DEFAULT_REDIS_URL,
    subjectPrefix: env['PAWLINE_SUBJECT_PREFIX'] ?? '',
    httpPort:
      rawPort !== undefined && rawPort !== '' ? (/^\d+$/.test(rawPort) ? Number(rawPort) : rawPort) : (service.http?.defaultPort ?? null),
    logLevel: env['LOG_LEVEL'] || 'info',
    otlpEndpoint: env['OTEL_EXPORTER_OTLP_ENDPOINT'] || null,
    checkRawReplies: onOff(env['PAWLINE_CHECK_RAW_REPLIES'], env['NODE_ENV'] === 'test'),
  };
  for (const [key, value] of Object.entries(overrides) as [keyof KitConfig, unknown][]) {
    if (value !== undefined) {
      raw[key] = value;
      sources[key] = `override ${key}`;
    }
  }
  const parsed = kitConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const key = issue.path[0] as keyof KitConfig;
      return `${sources[key] ?? String(key)}=${JSON.stringify(raw[key])}: ${issue.message}`;
    });
    throw new KitConfigError(`Invalid configuration of service "${service.name}": ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** Validates a service's own settings (`def.config`) against the environment; names the bad variable. */
export function loadServiceConfig(schema: z.ZodType, serviceName: string, env: Env = process.env): unknown {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new KitConfigError(`Invalid configuration of service "${serviceName}": ${problems.join('; ')}`);
}

/** Prefixes a subject (`evt.x.y.created.v1` → `t1a2b.evt.x.y.created.v1`). */
export function prefixed(config: Pick<KitConfig, 'subjectPrefix'>, subject: string): string {
  return `${config.subjectPrefix}${subject}`;
}

/** Removes the prefix from an incoming subject, or returns null when it does not carry it. */
export function unprefixed(config: Pick<KitConfig, 'subjectPrefix'>, subject: string): string | null {
  return subject.startsWith(config.subjectPrefix) ? subject.slice(config.subjectPrefix.length) : null;
}

/** Stream names carry the prefix in upper case: `t1a2b.` + EVENTS → `T1A2B_EVENTS`. */
export function streamName(config: Pick<KitConfig, 'subjectPrefix'>, base: 'EVENTS' | 'WORK'): string {
  const prefix = config.subjectPrefix.replace(/\.$/, '').toUpperCase();
  return prefix ? `${prefix}_${base}` : base;
}
