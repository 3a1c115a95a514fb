import type { Client } from 'pg';
import { openSealed, sealText, type SealingKeys } from './sealed-text';

/** Where sealed texts are kept: a table, its primary key (uuid) and the columns holding sealed texts. */
export type SealedColumns = { table: string; id: string; columns: readonly string[] };

export type ResealReport = {
  /** sealed values looked at (a row with two sealed columns counts twice; empty ones are not counted) */
  checked: number;
  /** sealed anew with the current key (or, with dryRun, that would be) */
  resealed: number;
  /** already sealed with the current key */
  current: number;
  /** written by the service between our read and our write (read again and handled as they then were) */
  changedMeanwhile: number;
  /** the values opened by neither key */
  unreadable: { id: string; column: string }[];
};

export type ResealOptions = {
  /** rows read per query */
  batchSize?: number;
  /** count only, write nothing */
  dryRun?: boolean;
  /** progress, once a batch */
  log?: (report: ResealReport) => void;
  /** called after each value written (tests stop a run half-way here) */
  afterWrite?: (id: string) => void;
};

const quoted = (name: string) =>
  name
    .split('.')
    .map((part) => `"${part.replace(/"/g, '""')}"`)
    .join('.');

/**
 * Seals every value of `where.columns` anew with the current key, opening it with the previous one. Idempotent and
 * resumable: a value the current key opens is left alone, each is written on its own with a compare-and-set, so
 * a run stopped half-way is finished by the next one, and a value the service rewrote meanwhile is read again.
 * Keyset paging on the primary key: no offset drift while the service adds rows.
 */
export async function resealColumns(
  db: Client,
  where: SealedColumns,
  keys: SealingKeys,
  options: ResealOptions = {},
): Promise<ResealReport> {
  const table = quoted(where.table);
  const id = quoted(where.id);
  const batchSize = options.batchSize ?? 500;
  const report: ResealReport = { checked: 0, resealed: 0, current: 0, changedMeanwhile: 0, unreadable: [] };
  for (const name of where.columns) {
    const column = quoted(name);
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const { rows } = await db.query<{ id: string; sealed: string | null }>(
        `SELECT ${id}::text AS id, ${column} AS sealed FROM ${table} WHERE ${id} > $1 ORDER BY ${id} LIMIT $2`,
        [after, batchSize],
      );
      if (rows.length === 0) break;
      for (const row of rows) {
        let sealed = row.sealed;
        for (let attempt = 0; sealed && attempt < 5; attempt += 1) {
          if (attempt === 0) report.checked += 1;
          const outcome = await resealOne(db, { table, id, column }, keys, row.id, sealed, options.dryRun === true);
          if (outcome === 'conflict') {
            report.changedMeanwhile += 1;
            const { rows: again } = await db.query<{ sealed: string | null }>(`SELECT ${column} AS sealed FROM ${table} WHERE ${id} = $1`, [
              row.id,
            ]);
            sealed = again[0]?.sealed ?? null;
            continue;
          }
          if (outcome === 'unreadable') report.unreadable.push({ id: row.id, column: name });
          else report[outcome] += 1;
          if (outcome === 'resealed' && !options.dryRun) options.afterWrite?.(row.id);
          break;
        }
      }
      after = rows[rows.length - 1]?.id ?? after;
      options.log?.(report);
    }
  }
  return report;
}

async function resealOne(
  db: Client,
  at: { table: string; id: string; column: string },
  keys: SealingKeys,
  id: string,
  sealed: string,
  dryRun: boolean,
): Promise<'current' | 'resealed' | 'unreadable' | 'conflict'> {
  let opened: { text: string; stale: boolean };
  try {
    opened = openSealed(keys, sealed);
  } catch {
    return 'unreadable';
  }
  if (!opened.stale) return 'current';
  if (dryRun) return 'resealed';
  const written = await db.query(`UPDATE ${at.table} SET ${at.column} = $3 WHERE ${at.id} = $1 AND ${at.column} = $2`, [
    id,
    sealed,
    sealText(keys.secretKey, opened.text),
  ]);
  return written.rowCount === 1 ? 'resealed' : 'conflict';
}
