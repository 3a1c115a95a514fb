#!/usr/bin/env node
// `node tools/fake-whatsapp/main.cjs [options]`: the fake WhatsApp Cloud API as its own process.
//   --port=4590                 listen port (default 4590; 0 = any free one)
//   --sender=<id>:<token>       a phone number id and its access token (repeatable)
//   --derived-tokens            every other phone number id is accepted with the token `token-<id>`
//   --latency=250 --jitter=50   answer delay in ms, fixed plus uniform jitter
//   --cap=80                    refuse (130429) a sender's sends above this many in any second
//   --fail=throttled:0.01,...   failure rates (throttled, pair_rate, undeliverable, re_engagement,
//                               server_error, timeout, failed_status)
//   --webhook=<url> --app-secret=<secret>   post signed statuses (and replies) there
//   --reply-rate=0.3            share of template sends answered by a tap on their first button after 2 s
// Controls over HTTP: GET /_fake/stats, GET /_fake/sends?phone_number_id=, POST /_fake/config,
// /_fake/senders, /_fake/media, /_fake/inbound, /_fake/reset (see README.md).
require('../swc/register.cjs');
const { FakeWhatsAppServer } = require('./fake-whatsapp-server.ts');

const args = Object.create(null);
const senders = {};
for (const arg of process.argv.slice(2)) {
  const [key, ...rest] = arg.replace(/^--/, '').split('=');
  const value = rest.join('=');
  if (key === 'sender') {
    const [id, token] = value.split(':');
    if (!id || !token) throw new Error(`--sender=${value}: expected <phone number id>:<token>`);
    senders[id] = token;
  } else args[key] = value === '' ? true : value;
}

const number = (name, fallback) => {
  if (args[name] === undefined) return fallback;
  const value = Number(args[name]);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name}=${args[name]} is not a number`);
  return value;
};

const failureRates = {};
for (const part of String(args.fail ?? '')
  .split(',')
  .filter(Boolean)) {
  const [kind, rate] = part.split(':');
  failureRates[kind] = Number(rate);
}

const replyRate = number('reply-rate', 0);
const fake = new FakeWhatsAppServer({
  port: number('port', 4590),
  host: args.host ?? '127.0.0.1',
  senders,
  tokenFor: args['derived-tokens'] ? (id) => `token-${id}` : undefined,
  latencyMs: number('latency', 0),
  jitterMs: number('jitter', 0),
  capPerSecond: args.cap === undefined ? undefined : number('cap', 80),
  failureRates,
  webhook: args.webhook ? { url: String(args.webhook), appSecret: String(args['app-secret'] ?? '') } : undefined,
  replyTo:
    replyRate > 0
      ? (send) =>
          send.buttonPayloads[0] !== undefined && Math.random() < replyRate
            ? { kind: 'button', payload: send.buttonPayloads[0], text: 'Confirm', delayMs: 2000 }
            : null
      : undefined,
});

fake.start().then((url) => {
  console.log(`fake WhatsApp Cloud API on ${url} (base URL ${fake.graphUrl})`);
});
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
