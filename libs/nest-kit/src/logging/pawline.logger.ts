import type { LoggerService } from '@nestjs/common';
import { trace } from '@opentelemetry/api';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from '../config/kit-config';

type Fields = Record<string, unknown>;

/** JSON logs (pino) with the service name and the trace/span ids of the active span; also Nest's logger. */
export class PawlineLogger implements LoggerService {
  private readonly pino: Logger;

  constructor(
    readonly service: string,
    level: LogLevel = 'info',
    base?: Logger,
  ) {
    this.pino = base ?? createPino(service, level);
  }

  /** A logger whose lines all carry these fields (e.g. `{ context: 'OutboxRelay' }`). */
  child(fields: Fields): PawlineLogger {
    return new PawlineLogger(this.service, this.pino.level as LogLevel, this.pino.child(fields));
  }

  /** Our code passes fields; Nest passes a context name. */
  info(message: unknown, fields?: Fields | string): void {
    this.pino.info(fieldsOf(fields), text(message));
  }

  warn(message: unknown, fields?: Fields | string): void {
    // Several services in one process (the launcher) each have their own Nest app and DataSource
    // named "default"; @nestjs/typeorm's process-wide registry warns about that wrongly.
    if (fields === 'DataSourceNameRegistry') return;
    this.pino.warn(fieldsOf(fields), text(message));
  }

  error(message: unknown, ...rest: unknown[]): void {
    // Nest calls error(message, stack?, context?); our code calls error(message, { err, ... }).
    const [second, third] = rest;
    if (typeof second === 'object' && second !== null) {
      this.pino.error(serialise(second as Fields), text(message));
      return;
    }
    this.pino.error({ ...(second ? { stack: second } : {}), ...(third ? { context: third } : {}) }, text(message));
  }

  debug(message: unknown, context?: unknown): void {
    this.pino.debug(contextOf(context), text(message));
  }

  log(message: unknown, context?: unknown): void {
    this.pino.info(contextOf(context), text(message));
  }

  verbose(message: unknown, context?: unknown): void {
    this.pino.trace(contextOf(context), text(message));
  }

  fatal(message: unknown, context?: unknown): void {
    this.pino.fatal(contextOf(context), text(message));
  }

  flush(): void {
    this.pino.flush();
  }
}

function fieldsOf(fields: Fields | string | undefined): Fields {
  if (typeof fields === 'string') return { context: fields };
  return fields ? serialise(fields) : {};
}

function contextOf(context: unknown): Fields {
  return typeof context === 'string' ? { context } : {};
}

function text(message: unknown): string {
  if (typeof message === 'string') return message;
  if (message instanceof Error) return message.message;
  return JSON.stringify(message);
}

function serialise(fields: Fields): Fields {
  const out: Fields = {};
  for (const [key, value] of Object.entries(fields)) {
    // pino serialises `err` itself (type, message, stack)
    out[key] = value instanceof Error && key !== 'err' ? { type: value.name, message: value.message, stack: value.stack } : value;
  }
  return out;
}

/** pino with the service name and the active span's trace_id/span_id on every line. */
export function createPino(service: string, level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin() {
        const span = trace.getActiveSpan();
        if (!span) return {};
        const { traceId, spanId } = span.spanContext();
        return { trace_id: traceId, span_id: spanId };
      },
    },
    destination,
  );
}
