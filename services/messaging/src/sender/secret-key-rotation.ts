// Seals every sender's access token anew with MESSAGING_SECRET_KEY, opening it with MESSAGING_SECRET_KEY_PREVIOUS
// (deploy/README.md, "Rotating secrets"). Idempotent and resumable: a token the current key opens is left alone,
// each row is written on its own with a compare-and-set, so a run stopped half-way is finished by the next one.
//   Kubernetes: kubectl -n pawline exec deploy/messaging -- node dist/node/start.cjs rotate-messaging-key [--dry-run]
//   this machine: node -r ./tools/swc/register.cjs services/messaging/src/sender/secret-key-rotation.ts [--dry-run]
import { Client } from 'pg';
import { loadMessagingCoreConfig } from '../core/messaging-core.config';
import { resealColumns, type ResealOptions } from '@pawline/nest-kit';
import type { TokenKeys } from './token-cipher';

export type RotationReport = {
  /** tokens looked at */
  checked: number;
  /** sealed anew with the current key (or, with dryRun, that would be) */
  resealed: number;
  /** already sealed with the current key */
  current: number;
  /** written by the service between our read and our write (read again and handled as they then were) */
  changedMeanwhile: number;
  /** organizations whose token neither key opens: they must connect their sender again */
  unreadable: string[];
};

export type RotationOptions = Omit<ResealOptions, 'log'> & {
  /** the schema of messaging's tables */
  schema?: string;
  log?: (line: string) => void;
};

/** Every sender's access token and registration PIN (the kit's resealColumns; a disconnected sender's empty token is skipped). */
export async function rotateSenderTokens(db: Client, keys: TokenKeys, options: RotationOptions = {}): Promise<RotationReport> {
  const { schema, log, ...rest } = options;
  const report = await resealColumns(
    db,
    { table: `${schema ?? 'messaging'}.messaging_sender`, id: 'orga_id', columns: ['access_token_enc', 'registration_pin_enc'] },
    keys,
    { ...rest, log: (progress) => log?.(`rotate-messaging-key: ${progress.checked} checked, ${progress.resealed} sealed anew so far`) },
  );
  return { ...report, unreadable: [...new Set(report.unreadable.map((value) => value.id))] };
}

/** The CLI: keys from the environment as the services read them; exits 1 while a token stays unreadable. */
export async function runSecretKeyRotationCli(argv: string[] = process.argv.slice(2), env = process.env): Promise<number> {
  const dryRun = argv.includes('--dry-run');
  const keys = loadMessagingCoreConfig(env);
  if (!keys.previousSecretKey) process.stderr.write('rotate-messaging-key: MESSAGING_SECRET_KEY_PREVIOUS is not set: only checking\n');
  const db = new Client({ connectionString: env['DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/pawline' });
  await db.connect();
  try {
    const report = await rotateSenderTokens(db, keys, { dryRun, log: (line) => process.stdout.write(`${line}\n`) });
    process.stdout.write(
      `rotate-messaging-key: ${report.checked} sender token(s): ${report.resealed} ${dryRun ? 'to seal' : 'sealed'} with the current key, ` +
        `${report.current} already were, ${report.changedMeanwhile} changed meanwhile, ${report.unreadable.length} unreadable\n`,
    );
    for (const orgaId of report.unreadable)
      process.stdout.write(`rotate-messaging-key: unreadable with either key: organization ${orgaId}\n`);
    return report.unreadable.length > 0 ? 1 : 0;
  } finally {
    await db.end();
  }
}

if (require.main === module) {
  runSecretKeyRotationCli().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`rotate-messaging-key: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
