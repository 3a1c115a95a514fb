import { readConfig, serviceEnv } from './config.cjs';

describe('launcher configuration', () => {
  it('uses the one-machine defaults when nothing is set', () => {
    const { config, errors, explicit } = readConfig({});
    expect(errors).toEqual([]);
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/pawline');
    expect(config.natsUrl).toBe('nats://127.0.0.1:4222');
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.mailTransport).toBe('sandbox');
    expect(config.logLevel).toBe('info');
    expect(config.authTokenSecret).toBeNull();
    expect(config.otlpEndpoint).toBeNull();
    expect(config.frontendsDir.endsWith('dist/frontends')).toBe(true);
    expect(explicit).toEqual({ databaseUrl: false, natsUrl: false, redisUrl: false });
  });

  it('derives PUBLIC_URL from PORT and marks URLs the user set as explicit', () => {
    const { config, errors, explicit } = readConfig({ PORT: '3010', NATS_URL: 'nats://10.0.0.5:4222', REDIS_URL: 'off' });
    expect(errors).toEqual([]);
    expect(config.publicUrl).toBe('http://localhost:3010');
    expect(config.redisUrl).toBe('off');
    expect(explicit).toEqual({ databaseUrl: false, natsUrl: true, redisUrl: true });
  });

  it.each([
    [{ PORT: 'abc' }, /^PORT="abc" must be a port number/],
    [{ PORT: '70000' }, /^PORT="70000" must be a port number/],
    [{ DATABASE_URL: 'mysql://x/y' }, /^DATABASE_URL="mysql:\/\/x\/y" must start with postgres:\/\//],
    [{ DATABASE_URL: 'postgres://h/Bad-Name' }, /^DATABASE_URL names database "Bad-Name"/],
    [{ NATS_URL: 'localhost:4222' }, /^NATS_URL="localhost:4222" must start with nats:\/\//],
    [{ REDIS_URL: 'not a url' }, /^REDIS_URL="not a url" is not a URL/],
    [{ AUTH_TOKEN_SECRET: 'short' }, /^AUTH_TOKEN_SECRET is 5 characters long: use at least 32/],
    [{ PUBLIC_URL: 'ftp://x' }, /^PUBLIC_URL="ftp:\/\/x" must start with http:\/\/ or https:\/\//],
    [{ MAIL_TRANSPORT: 'pigeon' }, /^MAIL_TRANSPORT="pigeon" must be one of: sandbox, smtp/],
    [{ MAIL_TRANSPORT: 'smtp' }, /^MAIL_TRANSPORT=smtp needs SMTP_URL/],
    [{ SMTP_URL: 'http://mail' }, /^SMTP_URL="http:\/\/mail" must start with smtp:\/\/ or smtps:\/\//],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL="loud" must be one of: fatal, error/],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, /^OTEL_EXPORTER_OTLP_ENDPOINT="collector:4318" must start with http:\/\//],
  ])('rejects a bad value with a message naming the variable: %j', (env, message) => {
    const { errors } = readConfig(env);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it('refuses the sandbox mailbox behind a public address unless PAWLINE_ALLOW_SANDBOX_MAIL=on', () => {
    const messaging = { MESSAGING_PROVIDER: 'whatsapp_cloud' };
    expect(readConfig({ ...messaging, PUBLIC_URL: 'https://salon.example.com' }).errors).toEqual([
      expect.stringMatching(/^MAIL_TRANSPORT=sandbox.*PUBLIC_URL="https:\/\/salon.example.com".*PAWLINE_ALLOW_SANDBOX_MAIL=on/),
    ]);
    expect(readConfig({ ...messaging, PUBLIC_URL: 'https://salon.example.com', PAWLINE_ALLOW_SANDBOX_MAIL: 'on' }).errors).toEqual([]);
    expect(readConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }).errors).toEqual([]);
  });

  it('refuses the WhatsApp sandbox behind a public address unless PAWLINE_ALLOW_SANDBOX_MESSAGING=on', () => {
    const mail = { PAWLINE_ALLOW_SANDBOX_MAIL: 'on' };
    expect(readConfig({ ...mail, PUBLIC_URL: 'https://salon.example.com' }).errors).toEqual([
      expect.stringMatching(/^MESSAGING_PROVIDER=sandbox.*PAWLINE_ALLOW_SANDBOX_MESSAGING=on/),
    ]);
    expect(readConfig({ ...mail, PUBLIC_URL: 'https://salon.example.com', PAWLINE_ALLOW_SANDBOX_MESSAGING: 'on' }).errors).toEqual([]);
    expect(readConfig({ MESSAGING_PROVIDER: 'pigeon' }).errors).toEqual([
      expect.stringMatching(/^MESSAGING_PROVIDER="pigeon" must be one of/),
    ]);
  });

  it('runs one messaging-worker unless MESSAGING_WORKERS says how many, and refuses a count it cannot run', () => {
    expect(readConfig({}).config.messagingWorkers).toBe(1);
    const { config, errors } = readConfig({ MESSAGING_WORKERS: '3' });
    expect(errors).toEqual([]);
    expect(serviceEnv(config, {})['MESSAGING_WORKERS']).toBe('3');
    expect(readConfig({ MESSAGING_WORKERS: '0' }).errors).toEqual([expect.stringContaining('MESSAGING_WORKERS="0"')]);
    expect(readConfig({ MESSAGING_WORKERS: 'many' }).errors).toEqual([expect.stringContaining('MESSAGING_WORKERS="many"')]);
  });

  it('reports every bad value at once', () => {
    expect(readConfig({ PORT: '0', LOG_LEVEL: 'x', NATS_URL: 'y' }).errors).toHaveLength(3);
  });

  it('accepts smtp with an SMTP_URL and a long enough secret', () => {
    const { errors, config } = readConfig({
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      AUTH_TOKEN_SECRET: 'x'.repeat(32),
    });
    expect(errors).toEqual([]);
    expect(config.smtpUrl).toBe('smtps://u:p@mail.example.com:465');
  });

  it('hands the services the chosen values, including the gateway port, and drops unset optionals', () => {
    const { config } = readConfig({ PORT: '3050' });
    config.authTokenSecret = 's'.repeat(40);
    const env = serviceEnv(config, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://stale', HOME: '/root' });
    expect(env['PORT_GATEWAY']).toBe('3050');
    expect(env['AUTH_TOKEN_SECRET']).toBe('s'.repeat(40));
    expect(env['REDIS_URL']).toBe('redis://127.0.0.1:6379');
    expect(env['HOME']).toBe('/root');
    expect('OTEL_EXPORTER_OTLP_ENDPOINT' in env).toBe(false);
  });
});
