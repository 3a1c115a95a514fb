import { z } from 'zod';
import { KitConfigError, loadKitConfig, loadServiceConfig, portVariable, prefixed, streamName, unprefixed } from './kit-config';
import { dataSourceOptions } from '../database/data-source.factory';

const identity = { name: 'identity', http: { defaultPort: 3101 } };

describe('loadKitConfig', () => {
  it('uses the documented defaults when the environment is empty', () => {
    expect(loadKitConfig(identity, {})).toEqual({
      serviceName: 'identity',
      schema: 'identity',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/pawline',
      databasePoolMax: 5,
      natsUrl: 'nats://127.0.0.1:4222',
      redisUrl: 'redis://127.0.0.1:6379',
      subjectPrefix: '',
      httpPort: 3101,
      logLevel: 'info',
      otlpEndpoint: null,
      checkRawReplies: false,
    });
  });

  it("works on another service's schema when its definition names one (a second deployment of its tables)", () => {
    const worker = loadKitConfig({ name: 'messaging-worker', schema: 'messaging', http: { defaultPort: 3109 } }, {});
    expect(worker).toMatchObject({ serviceName: 'messaging-worker', schema: 'messaging' });
  });

  it('checks pre-serialized replies in tests unless told otherwise, and refuses an unclear switch', () => {
    expect(loadKitConfig(identity, { NODE_ENV: 'test' }).checkRawReplies).toBe(true);
    expect(loadKitConfig(identity, { NODE_ENV: 'test', PAWLINE_CHECK_RAW_REPLIES: 'off' }).checkRawReplies).toBe(false);
    expect(loadKitConfig(identity, { PAWLINE_CHECK_RAW_REPLIES: 'on' }).checkRawReplies).toBe(true);
    expect(() => loadKitConfig(identity, { PAWLINE_CHECK_RAW_REPLIES: 'maybe' })).toThrow(/PAWLINE_CHECK_RAW_REPLIES="maybe"/);
  });

  it('reads every variable, REDIS_URL=off meaning no Redis', () => {
    const config = loadKitConfig(identity, {
      DATABASE_URL: 'postgres://u@db:5432/x',
      NATS_URL: 'nats://bus:4222',
      REDIS_URL: 'off',
      PAWLINE_SUBJECT_PREFIX: 't1a2b.',
      PORT_IDENTITY: '0',
      LOG_LEVEL: 'debug',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel:4318',
    });
    expect(config).toMatchObject({
      redisUrl: null,
      subjectPrefix: 't1a2b.',
      httpPort: 0,
      logLevel: 'debug',
      otlpEndpoint: 'http://otel:4318',
    });
  });

  it('opens at most 5 Postgres connections per service unless DATABASE_POOL_MAX says otherwise, and refuses a bad size by name', () => {
    expect(loadKitConfig(identity, {}).databasePoolMax).toBe(5);
    expect(loadKitConfig(identity, { DATABASE_POOL_MAX: '20' }).databasePoolMax).toBe(20);
    expect(() => loadKitConfig(identity, { DATABASE_POOL_MAX: 'many' })).toThrow(/DATABASE_POOL_MAX="many"/);
    expect(() => loadKitConfig(identity, { DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX=0/);
    expect(dataSourceOptions({ name: 'crm' }, { databaseUrl: 'postgres://u@db/x', databasePoolMax: 7 }).extra).toMatchObject({ max: 7 });
  });

  it('names the variable and the value on a bad port', () => {
    expect(() => loadKitConfig(identity, { PORT_IDENTITY: 'abc' })).toThrow(KitConfigError);
    expect(() => loadKitConfig(identity, { PORT_IDENTITY: 'abc' })).toThrow(/PORT_IDENTITY="abc"/);
    expect(() => loadKitConfig(identity, { PORT_IDENTITY: '70000' })).toThrow(/PORT_IDENTITY=70000/);
  });

  it('rejects a URL of the wrong kind, an unknown log level and a malformed prefix by name', () => {
    expect(() => loadKitConfig(identity, { DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL="mysql:\/\/x"/);
    expect(() => loadKitConfig(identity, { LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL="loud"/);
    expect(() => loadKitConfig(identity, { PAWLINE_SUBJECT_PREFIX: 'T1.' })).toThrow(/PAWLINE_SUBJECT_PREFIX="T1."/);
    expect(() => loadKitConfig(identity, { PAWLINE_SUBJECT_PREFIX: 't1' })).toThrow(/PAWLINE_SUBJECT_PREFIX/);
  });

  it('lets overrides win over the environment and validates them too', () => {
    expect(loadKitConfig(identity, { PORT_IDENTITY: '4000' }, { httpPort: 0 }).httpPort).toBe(0);
    expect(() => loadKitConfig(identity, {}, { natsUrl: 'http://x' })).toThrow(/override natsUrl/);
  });

  it('has no HTTP port for a service without http', () => {
    expect(loadKitConfig({ name: 'worker' }, {}).httpPort).toBeNull();
  });

  it('builds the port variable from the service name', () => {
    expect(portVariable('messaging-worker')).toBe('PORT_MESSAGING_WORKER');
  });
});

describe('subject prefixing', () => {
  it('prefixes subjects and stream names alike', () => {
    const test = { subjectPrefix: 't1a2b.' };
    expect(prefixed(test, 'rpc.identity.user.register')).toBe('t1a2b.rpc.identity.user.register');
    expect(streamName(test, 'EVENTS')).toBe('T1A2B_EVENTS');
    expect(streamName(test, 'WORK')).toBe('T1A2B_WORK');
  });

  it('leaves production subjects and streams as they are', () => {
    const production = { subjectPrefix: '' };
    expect(prefixed(production, 'evt.crm.client.created.v1')).toBe('evt.crm.client.created.v1');
    expect(streamName(production, 'EVENTS')).toBe('EVENTS');
  });

  it('strips the prefix from incoming subjects and refuses foreign ones', () => {
    expect(unprefixed({ subjectPrefix: 't1.' }, 't1.evt.a.b.c.v1')).toBe('evt.a.b.c.v1');
    expect(unprefixed({ subjectPrefix: 't1.' }, 't2.evt.a.b.c.v1')).toBeNull();
  });
});

describe('loadServiceConfig', () => {
  const schema = z.object({ AUTH_TOKEN_SECRET: z.string().min(32), MAIL_PORT: z.coerce.number().int().default(1025) });

  it("parses a service's own settings from env", () => {
    expect(loadServiceConfig(schema, 'identity', { AUTH_TOKEN_SECRET: 'x'.repeat(32) })).toEqual({
      AUTH_TOKEN_SECRET: 'x'.repeat(32),
      MAIL_PORT: 1025,
    });
  });

  it('names the bad variable', () => {
    expect(() => loadServiceConfig(schema, 'identity', { AUTH_TOKEN_SECRET: 'short' })).toThrow(/identity.*AUTH_TOKEN_SECRET/);
  });
});
