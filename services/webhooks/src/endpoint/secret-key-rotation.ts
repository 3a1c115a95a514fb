// Seals every endpoint's signing secret anew with WEBHOOKS_SECRET_KEY, opening it with WEBHOOKS_SECRET_KEY_PREVIOUS
// (deploy/README.md, "Rotating secrets"): the current secret and the one a rotation replaced, while it still signs.
// The kit's resealColumns does the work: idempotent, resumable, a compare-and-set per value.
//   Kubernetes: kubectl -n pawline exec deploy/webhooks -- node dist/node/start.cjs rotate-webhooks-key [--dry-run]
//   this machine: node -r ./tools/swc/register.cjs services/webhooks/src/endpoint/secret-key-rotation.ts [--dry-run]
import { resealColumns, type ResealOptions, type ResealReport, type SealingKeys } from '@pawline/nest-kit';
import { Client } from 'pg';
import { webhooksConfigSchema } from '../webhooks.config';
import { webhooksKeysOf } from '../webhooks.settings';

export function rotateEndpointSecrets(
  db: Client,
  keys: SealingKeys,
  options: ResealOptions & { schema?: string } = {},
): Promise<ResealReport> {
  const { schema, ...rest } = options;
  return resealColumns(
    db,
    { table: `${schema ?? 'webhooks'}.webhook_endpoint`, id: 'id', columns: ['secret_enc', 'previous_secret_enc'] },
    keys,
    rest,
  );
}

/** The CLI: keys from the environment as the service reads them; exits 1 while a secret stays unreadable. */
export async function runWebhooksKeyRotationCli(argv: string[] = process.argv.slice(2), env = process.env): Promise<number> {
  const dryRun = argv.includes('--dry-run');
  const parsed = webhooksConfigSchema.safeParse(env);
  if (!parsed.success) {
    process.stderr.write(
      `rotate-webhooks-key: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}\n`,
    );
    return 1;
  }
  const keys = webhooksKeysOf(parsed.data);
  if (!keys.previousSecretKey) process.stderr.write('rotate-webhooks-key: WEBHOOKS_SECRET_KEY_PREVIOUS is not set: only checking\n');
  const db = new Client({ connectionString: env['DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/pawline' });
  await db.connect();
  try {
    const report = await rotateEndpointSecrets(db, keys, {
      dryRun,
      log: (progress) =>
        process.stdout.write(`rotate-webhooks-key: ${progress.checked} checked, ${progress.resealed} sealed anew so far\n`),
    });
    process.stdout.write(
      `rotate-webhooks-key: ${report.checked} signing secret(s): ${report.resealed} ${dryRun ? 'to seal' : 'sealed'} with the current key, ` +
        `${report.current} already were, ${report.changedMeanwhile} changed meanwhile, ${report.unreadable.length} unreadable\n`,
    );
    for (const { id, column } of report.unreadable)
      process.stdout.write(
        `rotate-webhooks-key: unreadable with either key: endpoint ${id} (${column === 'secret_enc' ? 'its secret: rotate it in the settings' : 'the replaced secret'})\n`,
      );
    return report.unreadable.length > 0 ? 1 : 0;
  } finally {
    await db.end();
  }
}

if (require.main === module) {
  runWebhooksKeyRotationCli().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`rotate-webhooks-key: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
