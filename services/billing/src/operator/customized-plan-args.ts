import { setCustomizedPlanRpc, type RpcRequest } from '@pawline/contracts';

const LIMIT_KEYS = ['users', 'stores', 'tags', 'attachments', 'pet_images', 'monthly_reminders'] as const;
const UNLIMITED_KEYS: readonly string[] = ['users', 'stores', 'tags', 'attachments'];

export const USAGE = `usage: node -r ./tools/swc/register.cjs services/billing/src/operator/set-customized-plan.ts \\
  --orga <organization id> --monthly-cents <net price in cents> [--limit <name>=<number|unlimited>]...
  limits: ${LIMIT_KEYS.join(', ')} (unlimited only for users, stores, tags, attachments; a limit not given keeps the plan's default)
  environment: NATS_URL (default nats://127.0.0.1:4222), PAWLINE_SUBJECT_PREFIX`;

/**
 * The operator's command line for the Customized plan (docs/adr/0031) as the request of
 * rpc.billing.plan.set-customized, or the reason it is not one.
 */
export function parseCustomizedPlanArgs(argv: readonly string[]): RpcRequest<typeof setCustomizedPlanRpc> | { error: string } {
  const raw: { orga_id?: string; monthly_cents?: number; limits: Record<string, number | null> } = { limits: {} };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (value === undefined) return { error: `${flag} needs a value` };
    i += 1;
    if (flag === '--orga') raw.orga_id = value;
    else if (flag === '--monthly-cents') raw.monthly_cents = /^\d+$/.test(value) ? Number(value) : NaN;
    else if (flag === '--limit') {
      const [name, amount] = value.split('=');
      if (!name || amount === undefined || !(LIMIT_KEYS as readonly string[]).includes(name)) return { error: `unknown limit '${value}'` };
      if (amount === 'unlimited' && !UNLIMITED_KEYS.includes(name)) return { error: `${name} cannot be unlimited` };
      if (amount !== 'unlimited' && !/^\d+$/.test(amount)) return { error: `limit ${name} must be a whole number or unlimited` };
      raw.limits[name] = amount === 'unlimited' ? null : Number(amount);
    } else return { error: `unknown option ${flag}` };
  }
  const parsed = setCustomizedPlanRpc.request.safeParse(raw);
  if (!parsed.success)
    return { error: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'input'}: ${issue.message}`).join('; ') };
  return parsed.data;
}
