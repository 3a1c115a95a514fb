// Seals every sender's access token anew with MESSAGING_SECRET_KEY, opening it with MESSAGING_SECRET_KEY_PREVIOUS
// (deploy/README.md, "Rotating secrets"). Idempotent and resumable: a token the current key opens is left alone,
// each row is written on its own with a compare-and-set, so a run stopped half-way is finished by the next one.
//   Kubernetes: kubectl -n pawline exec deploy/messaging -- node dist/node/start.cjs rotate-messaging-key [--dry-run]
//   this machine: node -r ./tools/swc/register.cjs services/messaging/src/sender/secret-key-rotation.ts [--dry-run]
import { Client } from 'pg';
import { loadMessagingCoreConfig } from '../core/messaging-core.config';
import { encryptToken, openToken, type TokenKeys } from './token-cipher';

export type RotationReport = {
  /** rows looked at */
  checked: number;
  /** sealed anew with the current key (or, with dryRun, that would be) */
  resealed: number;
  /** already sealed with the current key */
  current: number;
  /** written by the service between our read and our write (read again and handled as they then were) */
  changedMeanwhile: number;
  /** opened by neither key: their organizations must connect their sender again */
  unreadable: string[];
};

export type RotationOptions = {
  /** the schema of messaging's tables */
  schema?: string;
  /** rows read per query */
  batchSize?: number;
  /** count only, write nothing */
  dryRun?: boolean;
  log?: (line: string) => void;
  /** called after each row written (tests stop a run half-way here) */
  afterWrite?: (orgaId: string) => void;
};

type SenderRow = { orga_id: string; access_token_enc: string };

export async function rotateSenderTokens(db: Client, keys: TokenKeys, options: RotationOptions = {}): Promise<RotationReport> {
  const table = `"${options.schema ?? 'messaging'}"."messaging_sender"`;
  const batchSize = options.batchSize ?? 500;
  const report: RotationReport = { checked: 0, resealed: 0, current: 0, changedMeanwhile: 0, unreadable: [] };
  // keyset paging on the primary key: no offset drift while the services add senders
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await db.query<SenderRow>(
      `SELECT orga_id, access_token_enc FROM ${table} WHERE orga_id > $1 ORDER BY orga_id LIMIT $2`,
      [after, batchSize],
    );
    if (rows.length === 0) break;
    for (const row of rows) {
      report.checked += 1;
      let sealed: string | null = row.access_token_enc;
      // a sender saved between our read and our write: read it again (a pod not yet restarted seals with the old key)
      for (let attempt = 0; sealed !== null && attempt < 5; attempt += 1) {
        const outcome = await resealOne(db, table, keys, row.orga_id, sealed, options.dryRun === true);
        if (outcome === 'conflict') {
          report.changedMeanwhile += 1;
          const { rows: again } = await db.query<SenderRow>(`SELECT access_token_enc FROM ${table} WHERE orga_id = $1`, [row.orga_id]);
          sealed = again[0]?.access_token_enc ?? null;
          continue;
        }
        if (outcome === 'unreadable') report.unreadable.push(row.orga_id);
        else report[outcome] += 1;
        if (outcome === 'resealed' && !options.dryRun) options.afterWrite?.(row.orga_id);
        break;
      }
    }
    after = rows[rows.length - 1].orga_id;
    options.log?.(`rotate-messaging-key: ${report.checked} checked, ${report.resealed} sealed anew so far`);
  }
  return report;
}

/** One token: left alone when the current key opens it, sealed anew (compare-and-set) when the previous one does. */
async function resealOne(
  db: Client,
  table: string,
  keys: TokenKeys,
  orgaId: string,
  sealed: string,
  dryRun: boolean,
): Promise<'current' | 'resealed' | 'unreadable' | 'conflict'> {
  let opened: { token: string; stale: boolean };
  try {
    opened = openToken(keys, sealed);
  } catch {
    return 'unreadable';
  }
  if (!opened.stale) return 'current';
  if (dryRun) return 'resealed';
  const written = await db.query(
    `UPDATE ${table} SET access_token_enc = $3, updated_at = now() WHERE orga_id = $1 AND access_token_enc = $2`,
    [orgaId, sealed, encryptToken(keys.secretKey, opened.token)],
  );
  return written.rowCount === 1 ? 'resealed' : 'conflict';
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
