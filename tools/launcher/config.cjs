// Launcher configuration: every environment variable with its default, checked once at
// start so a bad value stops us with a message that names the variable and the fix.
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const MAIL_TRANSPORTS = ['sandbox', 'smtp'];
const MESSAGING_PROVIDERS = ['sandbox', 'whatsapp_cloud'];

/** Whether a URL names this machine (localhost, 127.x, ::1); PUBLIC_URL was checked to parse. */
function isLoopbackUrl(value) {
  const host = new URL(value).hostname;
  return host === 'localhost' || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '[::1]';
}

function parseUrl(name, value, protocols) {
  let url;
  try {
    url = new URL(value);
  } catch {
    return `${name}=${JSON.stringify(value)} is not a URL (expected ${protocols.map((p) => `${p}//…`).join(' or ')})`;
  }
  if (!protocols.includes(url.protocol)) {
    return `${name}=${JSON.stringify(value)} must start with ${protocols.map((p) => `${p}//`).join(' or ')}`;
  }
  return null;
}

function parsePort(name, value) {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 65535) {
    return `${name}=${JSON.stringify(value)} must be a port number between 1 and 65535`;
  }
  return null;
}

/**
 * Reads the launcher's settings from `env`. Returns `{ config, errors, explicit }`:
 * `explicit` tells which infrastructure URLs the user set (those are never replaced
 * by embedded servers when they do not answer).
 */
function readConfig(env = process.env) {
  const errors = [];
  const get = (name) => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  };
  const check = (message) => {
    if (message) errors.push(message);
  };

  const rawPort = get('PORT') ?? '3000';
  const portProblem = parsePort('PORT', rawPort);
  check(portProblem);
  // A bad PORT is reported once; what derives from it uses the default meanwhile.
  const port = portProblem ? '3000' : rawPort;

  const databaseUrl = get('DATABASE_URL') ?? 'postgres://postgres@127.0.0.1:5432/pawline';
  check(parseUrl('DATABASE_URL', databaseUrl, ['postgres:', 'postgresql:']));
  if (!errors.some((e) => e.startsWith('DATABASE_URL'))) {
    const dbName = new URL(databaseUrl).pathname.replace(/^\//, '');
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(dbName)) {
      errors.push(`DATABASE_URL names database ${JSON.stringify(dbName)}: use lower-case letters, digits and _ (e.g. /pawline)`);
    }
  }

  const natsUrl = get('NATS_URL') ?? 'nats://127.0.0.1:4222';
  check(parseUrl('NATS_URL', natsUrl, ['nats:', 'tls:']));

  const redisUrl = get('REDIS_URL') ?? 'redis://127.0.0.1:6379';
  if (redisUrl !== 'off') check(parseUrl('REDIS_URL', redisUrl, ['redis:', 'rediss:']));

  const authTokenSecret = get('AUTH_TOKEN_SECRET') ?? null;
  if (authTokenSecret !== null && authTokenSecret.length < 32) {
    errors.push(
      `AUTH_TOKEN_SECRET is ${authTokenSecret.length} characters long: use at least 32 (or unset it and one is generated into .data/secret)`,
    );
  }

  const publicUrl = get('PUBLIC_URL') ?? `http://localhost:${port}`;
  const publicUrlProblem = parseUrl('PUBLIC_URL', publicUrl, ['http:', 'https:']);
  check(publicUrlProblem);

  const mailTransport = get('MAIL_TRANSPORT') ?? 'sandbox';
  if (!MAIL_TRANSPORTS.includes(mailTransport)) {
    errors.push(`MAIL_TRANSPORT=${JSON.stringify(mailTransport)} must be one of: ${MAIL_TRANSPORTS.join(', ')}`);
  }
  // the sandbox mailbox hands out every reset link: only on this machine unless told otherwise
  if (mailTransport === 'sandbox' && publicUrlProblem === null && !isLoopbackUrl(publicUrl) && get('PAWLINE_ALLOW_SANDBOX_MAIL') !== 'on') {
    errors.push(
      `MAIL_TRANSPORT=sandbox keeps every mail (reset links included) in a mailbox, but PUBLIC_URL=${JSON.stringify(publicUrl)} is not on this machine: set MAIL_TRANSPORT=smtp with SMTP_URL, or PAWLINE_ALLOW_SANDBOX_MAIL=on for a test server`,
    );
  }
  // the WhatsApp sandbox shows every conversation and answers as any customer (ADR 0015)
  const messagingProvider = get('MESSAGING_PROVIDER') ?? 'sandbox';
  if (!MESSAGING_PROVIDERS.includes(messagingProvider)) {
    errors.push(`MESSAGING_PROVIDER=${JSON.stringify(messagingProvider)} must be one of: ${MESSAGING_PROVIDERS.join(', ')}`);
  }
  if (
    messagingProvider === 'sandbox' &&
    publicUrlProblem === null &&
    !isLoopbackUrl(publicUrl) &&
    get('PAWLINE_ALLOW_SANDBOX_MESSAGING') !== 'on'
  ) {
    errors.push(
      `MESSAGING_PROVIDER=sandbox keeps every WhatsApp conversation on /dev/whatsapp, but PUBLIC_URL=${JSON.stringify(publicUrl)} is not on this machine: set MESSAGING_PROVIDER=whatsapp_cloud, or PAWLINE_ALLOW_SANDBOX_MESSAGING=on for a test server`,
    );
  }
  const smtpUrl = get('SMTP_URL') ?? null;
  if (smtpUrl !== null) check(parseUrl('SMTP_URL', smtpUrl, ['smtp:', 'smtps:']));
  if (mailTransport === 'smtp' && smtpUrl === null) {
    errors.push('MAIL_TRANSPORT=smtp needs SMTP_URL (e.g. smtp://user:pass@mail.example.com:587)');
  }

  const logLevel = get('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    errors.push(`LOG_LEVEL=${JSON.stringify(logLevel)} must be one of: ${LOG_LEVELS.join(', ')}`);
  }

  const otlpEndpoint = get('OTEL_EXPORTER_OTLP_ENDPOINT') ?? null;
  if (otlpEndpoint !== null) check(parseUrl('OTEL_EXPORTER_OTLP_ENDPOINT', otlpEndpoint, ['http:', 'https:']));

  const frontendsDir = path.resolve(root, get('FRONTENDS_DIR') ?? 'dist/frontends');

  // messaging-worker processes of `--split` (docs/architecture.md, "Message kinds"); one machine: one is plenty
  const rawWorkers = get('MESSAGING_WORKERS') ?? '1';
  const messagingWorkers = /^\d+$/.test(rawWorkers) ? Number(rawWorkers) : NaN;
  if (!(messagingWorkers >= 1 && messagingWorkers <= 32)) {
    errors.push(`MESSAGING_WORKERS=${JSON.stringify(rawWorkers)} must be a whole number from 1 to 32`);
  }

  return {
    errors,
    explicit: {
      databaseUrl: get('DATABASE_URL') !== undefined,
      natsUrl: get('NATS_URL') !== undefined,
      redisUrl: get('REDIS_URL') !== undefined,
    },
    config: {
      port: Number(port),
      databaseUrl,
      natsUrl,
      redisUrl,
      authTokenSecret,
      publicUrl,
      mailTransport,
      smtpUrl,
      logLevel,
      otlpEndpoint,
      frontendsDir,
      messagingWorkers: Number.isFinite(messagingWorkers) ? messagingWorkers : 1,
    },
  };
}

/** The environment handed to the services: the checked config, with what the launcher chose. */
function serviceEnv(config, base = process.env) {
  const env = { ...base };
  const set = (name, value) => {
    if (value === null || value === undefined) delete env[name];
    else env[name] = String(value);
  };
  set('PORT', config.port);
  set('PORT_GATEWAY', config.port);
  set('DATABASE_URL', config.databaseUrl);
  set('NATS_URL', config.natsUrl);
  set('REDIS_URL', config.redisUrl);
  set('AUTH_TOKEN_SECRET', config.authTokenSecret);
  set('PUBLIC_URL', config.publicUrl);
  set('MAIL_TRANSPORT', config.mailTransport);
  set('SMTP_URL', config.smtpUrl);
  set('LOG_LEVEL', config.logLevel);
  set('OTEL_EXPORTER_OTLP_ENDPOINT', config.otlpEndpoint);
  set('FRONTENDS_DIR', config.frontendsDir);
  set('MESSAGING_WORKERS', config.messagingWorkers);
  return env;
}

module.exports = { readConfig, serviceEnv, LOG_LEVELS, MAIL_TRANSPORTS, root };
