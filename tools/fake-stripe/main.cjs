#!/usr/bin/env node
// `node tools/fake-stripe/main.cjs [options]`: the fake Stripe API as its own process.
//   --port=4591                  listen port (default 4591; 0 = any free one)
//   --key=sk_test_fake           an accepted secret key (repeatable; default sk_test_fake)
//   --latency=100                answer delay in ms
//   --webhook=<url> --webhook-secret=whsec_…   post signed events there
// Controls over HTTP: GET /_fake/stats, POST /_fake/pay { payment_intent, payment_method },
// POST /_fake/redeliver { event } (see README.md).
require('../swc/register.cjs');
const { FakeStripeServer } = require('./fake-stripe-server.ts');

const args = Object.create(null);
const keys = [];
for (const arg of process.argv.slice(2)) {
  const [key, ...rest] = arg.replace(/^--/, '').split('=');
  const value = rest.join('=');
  if (key === 'key') keys.push(value);
  else args[key] = value === '' ? true : value;
}

const fake = new FakeStripeServer({
  port: args.port === undefined ? 4591 : Number(args.port),
  host: args.host ?? '127.0.0.1',
  secretKeys: keys.length > 0 ? keys : undefined,
  latencyMs: Number(args.latency ?? 0),
  webhook: args.webhook ? { url: String(args.webhook), secret: String(args['webhook-secret'] ?? '') } : undefined,
});

fake.start().then((url) => {
  console.log(`fake Stripe API on ${url} (STRIPE_API_BASE=${url})`);
});
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
