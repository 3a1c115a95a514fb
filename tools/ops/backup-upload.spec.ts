import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fakeS3 } from '@pawline/nest-kit/testing';
import {
  backupUploadConfigSchema,
  dumpTime,
  expiredDumps,
  runBackupUploadCli,
  uploadBackups,
  type BackupUploadConfig,
} from './backup-upload';

const REGION = 'eu-south-1';
const ACCESS_KEY = 'AKIABACKUPTEST';
const SECRET = 'backup-upload-spec-secret-key';
const sha256 = (body: Buffer | string) => createHash('sha256').update(body).digest('hex');

describe('which bucket dumps expire', () => {
  const now = new Date('2026-11-25T03:00:00Z');
  const nightly = (from: string, nights: number) =>
    Array.from({ length: nights }, (_, i) => {
      const at = new Date(Date.parse(from) + i * 24 * 3600 * 1000);
      return `pawline-${at.toISOString().slice(0, 10).replace(/-/g, '')}T023000Z.dump`;
    });

  it('reads the time from the name and refuses anything else', () => {
    expect(dumpTime('pawline-20261125T023000Z.dump')?.toISOString()).toBe('2026-11-25T02:30:00.000Z');
    for (const name of [
      'pawline-20261125T023000Z.dump.partial',
      'pawline-20261399T023000Z.dump',
      'pawline-20260230T023000Z.dump',
      'pawline-20261125T250000Z.dump',
      'other-20261125T023000Z.dump',
      'README.txt',
    ])
      expect(dumpTime(name)).toBeNull();
  });

  it('deletes what is older than the days kept, oldest first', () => {
    const names = nightly('2026-10-01T00:00:00Z', 56); // 1 October to 25 November
    const expired = expiredDumps(names, now, 35, 7);
    // 35 days before 25 November 03:00 is 21 October 03:00: 1–20 October and the 02:30 dump of the 21st
    expect(expired).toEqual(names.slice(0, 21));
  });

  it('never deletes the newest ones, however old (a month of failed nights keeps the last good dumps)', () => {
    const names = nightly('2026-08-01T00:00:00Z', 10);
    expect(expiredDumps(names, now, 35, 7)).toEqual(names.slice(0, 3));
    expect(expiredDumps(names.slice(0, 5), now, 35, 7)).toEqual([]);
  });

  it('leaves keys that are not our dumps alone', () => {
    expect(expiredDumps(['README.txt', 'pawline-20200101T023000Z.dump.partial'], now, 1, 1)).toEqual([]);
  });
});

describe('backup-upload against an S3 look-alike (SigV4 checked, two keys a page)', () => {
  const fake = fakeS3({ bucket: 'pawline-backups', region: REGION, accessKeyId: ACCESS_KEY, secretAccessKey: SECRET, listPageSize: 2 });
  let dir = '';
  let config: BackupUploadConfig;
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);
  const now = new Date('2026-11-25T03:00:00Z');
  const write = (name: string, body: string) => fs.writeFileSync(path.join(dir, name), body);
  const puts = () => fake.requests.filter((r) => r.startsWith('PUT ')).length;

  beforeAll(async () => {
    await fake.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawline-backup-upload-'));
    config = backupUploadConfigSchema.parse({
      BACKUP_DIR: dir,
      BACKUP_S3_BUCKET: 'pawline-backups',
      BACKUP_S3_ENDPOINT: fake.endpoint,
      BACKUP_S3_REGION: REGION,
      BACKUP_S3_ACCESS_KEY_ID: ACCESS_KEY,
      BACKUP_S3_SECRET_ACCESS_KEY: SECRET,
    });
  });
  afterAll(async () => {
    await fake.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies every whole dump with its checksum, skips partial and foreign files, and pages through the listing', async () => {
    write('pawline-20261123T023000Z.dump', 'dump of the 23rd');
    write('pawline-20261124T023000Z.dump', 'dump of the 24th, a little longer');
    write('pawline-20261125T023000Z.dump', 'dump of the 25th');
    write('pawline-20261125T033000Z.dump.partial', 'cut short');
    write('notes.txt', 'not a dump');

    const result = await uploadBackups(config, log, now);

    expect(result).toEqual({
      uploaded: ['pawline-20261123T023000Z.dump', 'pawline-20261124T023000Z.dump', 'pawline-20261125T023000Z.dump'],
      present: [],
      deleted: [],
    });
    expect([...fake.objects.keys()].sort()).toEqual(result.uploaded.map((name) => `postgres/${name}`));
    for (const name of result.uploaded) {
      const body = fs.readFileSync(path.join(dir, name));
      expect(fake.objects.get(`postgres/${name}`)).toMatchObject({ body, meta: { sha256: sha256(body) } });
    }
    expect(lines.at(-1)).toBe('backup-upload: s3://pawline-backups/postgres/: 3 uploaded, 0 already there, 0 older than 35 days deleted');
  });

  it('a second run copies nothing; an object cut short is copied again', async () => {
    const before = puts();
    expect(await uploadBackups(config, log, now)).toEqual({
      uploaded: [],
      present: ['pawline-20261123T023000Z.dump', 'pawline-20261124T023000Z.dump', 'pawline-20261125T023000Z.dump'],
      deleted: [],
    });
    expect(puts()).toBe(before);

    const key = 'postgres/pawline-20261124T023000Z.dump';
    const whole = fake.objects.get(key)!;
    fake.objects.set(key, { ...whole, body: whole.body.subarray(0, 5) });
    const again = await uploadBackups(config, log, now);
    expect(again.uploaded).toEqual(['pawline-20261124T023000Z.dump']);
    expect(fake.objects.get(key)!.body.equals(whole.body)).toBe(true);
  });

  it('deletes bucket dumps past the days kept but keeps the newest seven, and other keys', async () => {
    const old = ['01', '02', '03', '04', '05', '06'].map((day) => `postgres/pawline-202608${day}T023000Z.dump`);
    for (const key of [
      ...old,
      'postgres/README.txt',
      'postgres/archive/pawline-20200101T023000Z.dump',
      'elsewhere/pawline-20200101T023000Z.dump',
    ])
      fake.objects.set(key, { body: Buffer.from('old'), type: 'application/octet-stream', meta: {}, modified: new Date('2026-08-06') });

    const result = await uploadBackups(config, log, now);

    // nine dumps in the bucket: the three of November and the newest four of August stay
    expect(result.deleted).toEqual(['pawline-20260801T023000Z.dump', 'pawline-20260802T023000Z.dump']);
    expect(fake.objects.has('postgres/pawline-20260803T023000Z.dump')).toBe(true);
    expect(fake.objects.has('postgres/README.txt')).toBe(true);
    expect(fake.objects.has('postgres/archive/pawline-20200101T023000Z.dump')).toBe(true);
    expect(fake.objects.has('elsewhere/pawline-20200101T023000Z.dump')).toBe(true);
  });

  it('fails, and the CLI answers 1, when the bucket refuses the credentials', async () => {
    write('pawline-20261126T023000Z.dump', 'dump of the 26th');
    await expect(uploadBackups({ ...config, BACKUP_S3_SECRET_ACCESS_KEY: 'not-the-secret' }, log, now)).rejects.toThrow(
      /SignatureDoesNotMatch/,
    );
    const env = process.env;
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      process.env = {
        ...env,
        ...Object.fromEntries(Object.entries(config).map(([k, v]) => [k, String(v)])),
        BACKUP_S3_SECRET_ACCESS_KEY: 'not-the-secret',
      };
      expect(await runBackupUploadCli()).toBe(1);
      process.env = { ...env, BACKUP_S3_KEEP_DAYS: 'zero' };
      expect(await runBackupUploadCli()).toBe(1);
      expect(String(stderr.mock.calls.at(-1)?.[0])).toMatch(/^backup-upload: BACKUP_S3_KEEP_DAYS: /);
    } finally {
      process.env = env;
      stderr.mockRestore();
    }
    expect(fake.objects.has('postgres/pawline-20261126T023000Z.dump')).toBe(false);
  });

  it('without a bucket it only says what stays on the volume', async () => {
    const said: string[] = [];
    expect(await uploadBackups({ ...config, BACKUP_S3_BUCKET: undefined }, (line) => said.push(line), now)).toEqual({
      uploaded: [],
      present: [],
      deleted: [],
    });
    expect(said).toEqual([
      'backup-upload: BACKUP_S3_BUCKET is not set; nothing is copied off the cluster. On the volume: 4 dump(s), newest pawline-20261126T023000Z.dump',
    ]);
  });
});
