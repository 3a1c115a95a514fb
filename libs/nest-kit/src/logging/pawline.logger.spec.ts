import { trace } from '@opentelemetry/api';
import { initTracing } from '../tracing/init-tracing';
import { createPino, PawlineLogger } from './pawline.logger';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  return { lines, logger: new PawlineLogger('identity', 'info', createPino('identity', 'info', destination)) };
}

describe('PawlineLogger', () => {
  beforeAll(() => initTracing({ otlpEndpoint: null }));

  it('writes JSON lines with the service and the trace and span ids of the active span', () => {
    const { lines, logger } = capture();
    trace.getTracer('test').startActiveSpan('work', (span) => {
      logger.info('user registered', { user_id: 'u1' });
      span.end();
    });
    expect(lines[0]).toMatchObject({ level: 'info', service: 'identity', msg: 'user registered', user_id: 'u1' });
    expect(lines[0]?.['trace_id']).toMatch(/^[0-9a-f]{32}$/);
    expect(lines[0]?.['span_id']).toMatch(/^[0-9a-f]{16}$/);
  });

  it('takes Nest calls: log(message, context) and error(message, stack, context)', () => {
    const { lines, logger } = capture();
    logger.log('Nest application successfully started', 'NestApplication');
    logger.error('boom', 'Error: boom\n    at x', 'ExceptionHandler');
    logger.debug('hidden below info');
    expect(lines).toEqual([
      expect.objectContaining({ level: 'info', context: 'NestApplication', msg: 'Nest application successfully started' }),
      expect.objectContaining({ level: 'error', context: 'ExceptionHandler', stack: 'Error: boom\n    at x', msg: 'boom' }),
    ]);
  });

  it('drops the duplicate-DataSource warning that co-hosted services (one Nest app each) trigger', () => {
    const { lines, logger } = capture();
    logger.warn('A data source with the default name is already registered.', 'DataSourceNameRegistry');
    logger.warn('something else', 'Other');
    expect(lines).toEqual([expect.objectContaining({ msg: 'something else', context: 'Other' })]);
  });

  it('serialises errors given as fields', () => {
    const { lines, logger } = capture();
    logger.error('rpc handler failed', { err: new Error('db down') });
    expect(lines[0]?.['err']).toMatchObject({ type: 'Error', message: 'db down' });
  });
});
