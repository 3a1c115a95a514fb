// Copies the nightly Postgres dumps off the cluster: the second step of the CronJob pawline-backup
// (deploy/k8s/base/backup-cronjob.yaml; deploy/README.md, "Backup and restore of Postgres"). After pg_dump has
// written /backups/pawline-<UTC time>.dump, `node dist/node/start.cjs backup-upload`:
//   - uploads every whole dump of the volume that the bucket does not hold yet (or holds with another size: an
//     upload cut short), streamed from the file with its SHA-256 as object metadata, then reads the object's
//     size and checksum back before it counts as copied;
//   - deletes from the bucket the dumps older than BACKUP_S3_KEEP_DAYS (35), but never the newest
//     BACKUP_S3_KEEP_AT_LEAST (7), so a month of failed nights does not empty it;
//   - exits 1 when any of it fails, so the Job fails and its alert fires.
// Without BACKUP_S3_BUCKET it lists what stays on the volume only and says nothing is copied off.
import { createHash } from 'node:crypto';
import { createReadStream, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import { z } from 'zod';

type S3Sdk = typeof import('@aws-sdk/client-s3');

/** the names the CronJob's pg_dump step writes once a dump reads back whole (never the .partial ones) */
const DUMP = /^pawline-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.dump$/;
const DAY_MS = 24 * 3600 * 1000;

export const backupUploadConfigSchema = z.object({
  BACKUP_DIR: z.string().min(1).default('/backups'),
  BACKUP_S3_BUCKET: z.string().min(1).optional(),
  BACKUP_S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, 'a folder path ending in /, or empty')
    .default('postgres/'),
  /** AWS's regional endpoint unless told (MinIO, R2, Scaleway…: their URL) */
  BACKUP_S3_ENDPOINT: z.string().url().optional(),
  BACKUP_S3_REGION: z.string().min(1).default('eu-south-1'),
  BACKUP_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  BACKUP_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  BACKUP_S3_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(35),
  BACKUP_S3_KEEP_AT_LEAST: z.coerce.number().int().min(1).max(1000).default(7),
});
export type BackupUploadConfig = z.infer<typeof backupUploadConfigSchema>;

export type BackupUploadResult = {
  /** dumps copied by this run */
  uploaded: string[];
  /** dumps the bucket already held whole */
  present: string[];
  /** bucket dumps deleted as older than the days kept */
  deleted: string[];
};

/** The dump's time from its name, or null for any other file. */
export function dumpTime(name: string): Date | null {
  const m = DUMP.exec(name);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // 20261399T… is not a time: Date.UTC would roll it over
  return at.getUTCMonth() === mo - 1 && at.getUTCDate() === d && h < 24 && mi < 60 && s < 60 ? at : null;
}

/**
 * The bucket's dumps to delete: older than `keepDays` before `now`, but never one of the newest `keepAtLeast`
 * (names sort by time). Other keys under the prefix are not ours to delete.
 */
export function expiredDumps(names: readonly string[], now: Date, keepDays: number, keepAtLeast: number): string[] {
  const dumps = names.filter((name) => dumpTime(name) !== null).sort();
  const protectedNewest = new Set(dumps.slice(-keepAtLeast));
  const cutoff = now.getTime() - keepDays * DAY_MS;
  return dumps.filter((name) => !protectedNewest.has(name) && dumpTime(name)!.getTime() < cutoff);
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function connect(config: BackupUploadConfig): { sdk: S3Sdk; client: S3Client } {
  if (!config.BACKUP_S3_ACCESS_KEY_ID || !config.BACKUP_S3_SECRET_ACCESS_KEY)
    throw new Error('BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY are needed with BACKUP_S3_BUCKET');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded by this task only, not by every process
  const sdk = require('@aws-sdk/client-s3') as S3Sdk;
  const client = new sdk.S3Client({
    endpoint: config.BACKUP_S3_ENDPOINT ?? `https://s3.${config.BACKUP_S3_REGION}.amazonaws.com`,
    region: config.BACKUP_S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: config.BACKUP_S3_ACCESS_KEY_ID, secretAccessKey: config.BACKUP_S3_SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return { sdk, client };
}

/** name (without the prefix) → size of every object under the prefix, all pages */
async function bucketDumps(sdk: S3Sdk, client: S3Client, bucket: string, prefix: string): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  let token: string | undefined;
  do {
    const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
    for (const object of page.Contents ?? []) {
      const name = object.Key?.slice(prefix.length) ?? '';
      if (name && !name.includes('/')) found.set(name, object.Size ?? -1);
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return found;
}

/** The volume's whole dumps, oldest first. */
export function localDumps(dir: string): { name: string; size: number }[] {
  return readdirSync(dir)
    .filter((name) => dumpTime(name) !== null)
    .sort()
    .map((name) => ({ name, size: statSync(path.join(dir, name)).size }));
}

export async function uploadBackups(
  config: BackupUploadConfig,
  log: (line: string) => void = console.log,
  now: Date = new Date(),
): Promise<BackupUploadResult> {
  const local = localDumps(config.BACKUP_DIR);
  const result: BackupUploadResult = { uploaded: [], present: [], deleted: [] };
  const bucket = config.BACKUP_S3_BUCKET;
  if (!bucket) {
    log(
      `backup-upload: BACKUP_S3_BUCKET is not set; nothing is copied off the cluster. On the volume: ${local.length} dump(s)` +
        (local.length ? `, newest ${local[local.length - 1].name}` : ''),
    );
    return result;
  }
  const prefix = config.BACKUP_S3_PREFIX;
  const { sdk, client } = connect(config);
  try {
    const remote = await bucketDumps(sdk, client, bucket, prefix);
    for (const dump of local) {
      if (remote.get(dump.name) === dump.size) {
        result.present.push(dump.name);
        continue;
      }
      const file = path.join(config.BACKUP_DIR, dump.name);
      const sha256 = await sha256Of(file);
      const key = `${prefix}${dump.name}`;
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: createReadStream(file),
          ContentLength: dump.size,
          ContentType: 'application/octet-stream',
          Metadata: { sha256 },
        }),
      );
      const stored = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
      if (stored.ContentLength !== dump.size || stored.Metadata?.['sha256'] !== sha256)
        throw new Error(
          `${key}: the bucket holds ${stored.ContentLength} bytes (sha256 ${stored.Metadata?.['sha256']}), not ${dump.size} (${sha256})`,
        );
      remote.set(dump.name, dump.size);
      result.uploaded.push(dump.name);
      log(`backup-upload: ${key} ${dump.size} bytes sha256 ${sha256}`);
    }
    for (const name of expiredDumps([...remote.keys()], now, config.BACKUP_S3_KEEP_DAYS, config.BACKUP_S3_KEEP_AT_LEAST)) {
      await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: `${prefix}${name}` }));
      result.deleted.push(name);
    }
    log(
      `backup-upload: s3://${bucket}/${prefix}: ${result.uploaded.length} uploaded, ${result.present.length} already there, ` +
        `${result.deleted.length} older than ${config.BACKUP_S3_KEEP_DAYS} days deleted`,
    );
    return result;
  } finally {
    client.destroy();
  }
}

/** `node dist/node/start.cjs backup-upload`: the environment's settings; answers the exit code. */
export async function runBackupUploadCli(): Promise<number> {
  const parsed = backupUploadConfigSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    process.stderr.write(`backup-upload: ${problems}\n`);
    return 1;
  }
  try {
    await uploadBackups(parsed.data);
    return 0;
  } catch (error) {
    process.stderr.write(`backup-upload: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

if (require.main === module) void runBackupUploadCli().then((code) => process.exit(code));
