// Operators put an organization on the Customized plan with its agreed price and limits (docs/adr/0031):
//   node -r ./tools/swc/register.cjs services/billing/src/operator/set-customized-plan.ts \
//     --orga <id> --monthly-cents 9900 --limit users=8 --limit tags=unlimited
// It calls rpc.billing.plan.set-customized over NATS with no user's session, as the run of the 1st is
// called; the gateway has no route to it, so salons cannot.
import { setCustomizedPlanRpc } from '@pawline/contracts';
import { connect } from '@nats-io/transport-node';
import { USAGE, parseCustomizedPlanArgs } from './customized-plan-args';

async function main(): Promise<number> {
  const request = parseCustomizedPlanArgs(process.argv.slice(2));
  if ('error' in request) {
    process.stderr.write(`${request.error}\n${USAGE}\n`);
    return 2;
  }
  const nc = await connect({ servers: process.env['NATS_URL'] || 'nats://127.0.0.1:4222' });
  try {
    const subject = `${process.env['PAWLINE_SUBJECT_PREFIX'] ?? ''}${setCustomizedPlanRpc.subject}`;
    const reply = await nc.request(subject, JSON.stringify({ auth: null, lang: 'en', data: request }), { timeout: 15_000 });
    const answer = JSON.parse(reply.string()) as { ok: boolean; data?: unknown; error?: unknown };
    process.stdout.write(`${JSON.stringify(answer.ok ? answer.data : answer.error, null, 2)}\n`);
    return answer.ok ? 0 : 1;
  } finally {
    await nc.drain();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  },
);
