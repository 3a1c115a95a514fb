import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import type { RunningService } from '@pawline/nest-kit';
import { secretKeyOf } from '../../src/core/messaging-core.config';
import { messagingService } from '../../src/messaging.service-definition';
import { SENDER_DIRECTORY, type SenderDirectory } from '../../src/ports';
import { rotateSenderTokens, runSecretKeyRotationCli } from '../../src/sender/secret-key-rotation';
import { decryptToken, encryptToken } from '../../src/sender/token-cipher';

jest.setTimeout(90_000);

const OLD = 'the-old-messaging-secret-key-0123456789abcdef';
const NEW = 'the-new-messaging-secret-key-fedcba9876543210';
const STRANGER = 'a-key-nobody-here-knows-of-0123456789abcdefgh';
const keys = { secretKey: secretKeyOf(NEW), previousSecretKey: secretKeyOf(OLD) };

/**
 * MESSAGING_SECRET_KEY rotation on real Postgres (messaging's migrated schema): the service reads tokens sealed
 * with either key meanwhile; the rotation seals every one anew, survives a stop half-way, and does nothing twice.
 */
describe('rotating MESSAGING_SECRET_KEY (senders’ tokens)', () => {
  let env: TestEnv;
  let messaging: RunningService;
  let db: Client;
  const saved = { ...process.env };
  /** orga id → the plain token */
  const tokens = new Map<string, string>();

  const seed = async (count: number, key: string) => {
    const rows = Array.from({ length: count }, () => ({ orga: randomUUID(), token: `EAAG${randomUUID().replace(/-/g, '')}` }));
    await db.query(
      `INSERT INTO messaging.messaging_sender (orga_id, phone_number_id, display_phone, access_token_enc, cap_per_second, sandbox)
       SELECT r.orga, r.phone, NULL, r.sealed, 80, false FROM jsonb_to_recordset($1::jsonb) AS r(orga uuid, phone text, sealed text)`,
      [
        JSON.stringify(
          rows.map((r, i) => ({ orga: r.orga, phone: `${Date.now()}${i}`.slice(-15), sealed: encryptToken(secretKeyOf(key), r.token) })),
        ),
      ],
    );
    for (const r of rows) tokens.set(r.orga, r.token);
    return rows.map((r) => r.orga);
  };
  const sealedOf = async () =>
    new Map(
      (
        await db.query<{ orga_id: string; access_token_enc: string }>(`SELECT orga_id, access_token_enc FROM messaging.messaging_sender`)
      ).rows.map((r) => [r.orga_id, r.access_token_enc]),
    );

  beforeAll(async () => {
    // the service as it runs during a rotation: the new key, and the old one to read what it sealed
    Object.assign(process.env, { MESSAGING_SECRET_KEY: NEW, MESSAGING_SECRET_KEY_PREVIOUS: OLD });
    env = await createTestEnv();
    messaging = await env.start(messagingService);
    db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await env?.dispose();
    process.env = saved;
  });

  it('while the rotation runs, the service sends with tokens sealed by either key', async () => {
    const [oldOrga] = await seed(1, OLD);
    const [newOrga] = await seed(1, NEW);
    const directory = messaging.app.get<SenderDirectory>(SENDER_DIRECTORY);
    expect((await directory.senderFor(oldOrga))?.accessToken).toBe(tokens.get(oldOrga));
    expect((await directory.senderFor(newOrga))?.accessToken).toBe(tokens.get(newOrga));
  });

  it('seals every token anew with the new key, finishes a run stopped half-way, and a second run changes nothing', async () => {
    await seed(248, OLD);
    const [lost] = await seed(1, STRANGER);
    const before = await sealedOf();

    // a run that dies after 120 writes (a pod evicted, a Ctrl-C)
    let written = 0;
    const stop = new Error('stopped half-way');
    await expect(
      rotateSenderTokens(db, keys, {
        batchSize: 100,
        afterWrite: () => {
          written += 1;
          if (written === 120) throw stop;
        },
      }),
    ).rejects.toBe(stop);

    const resumed = await rotateSenderTokens(db, keys, { batchSize: 100 });
    // 250 senders of the old and new keys (1 of them sealed with the new one by the first test), and the stranger's
    expect(resumed).toMatchObject({ checked: 251, resealed: 249 - 120, current: 121, changedMeanwhile: 0, unreadable: [lost] });

    const after = await sealedOf();
    for (const [orga, token] of tokens) {
      if (orga === lost) {
        expect(after.get(orga)).toBe(before.get(orga)); // left as it was
        continue;
      }
      expect(decryptToken(keys.secretKey, after.get(orga)!)).toBe(token);
      expect(() => decryptToken(keys.previousSecretKey, after.get(orga)!)).toThrow();
    }

    const again = await rotateSenderTokens(db, keys, { batchSize: 100 });
    expect(again).toMatchObject({ checked: 251, resealed: 0, current: 250, unreadable: [lost] });
    expect(await sealedOf()).toEqual(after);
  });

  it('reads a sender saved with the old key between its read and its write again, and seals what it then finds', async () => {
    const [orga] = await seed(1, OLD);
    let raced = false;
    const report = await rotateSenderTokens(
      {
        // a pod not yet restarted saves the sender (old key) right after the rotation read it
        query: async (text: string, values?: unknown[]) => {
          if (!raced && text.startsWith('UPDATE') && values?.[0] === orga) {
            raced = true;
            tokens.set(orga, 'EAAG-saved-meanwhile');
            await db.query(`UPDATE messaging.messaging_sender SET access_token_enc = $2 WHERE orga_id = $1`, [
              orga,
              encryptToken(secretKeyOf(OLD), 'EAAG-saved-meanwhile'),
            ]);
          }
          return db.query(text, values);
        },
      } as unknown as Client,
      keys,
    );
    expect(report.changedMeanwhile).toBe(1);
    const sealed = (await sealedOf()).get(orga)!;
    expect(decryptToken(keys.secretKey, sealed)).toBe('EAAG-saved-meanwhile');
  });

  it('the CLI (rotate-messaging-key): fails while a token stays unreadable, succeeds once its sender is gone', async () => {
    const cliEnv = {
      DATABASE_URL: env.databaseUrl,
      MESSAGING_SECRET_KEY: NEW,
      MESSAGING_SECRET_KEY_PREVIOUS: OLD,
      PUBLIC_URL: 'https://pawline.example.com',
    };
    const out = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      expect(await runSecretKeyRotationCli(['--dry-run'], cliEnv)).toBe(1);
      const strangers = (await sealedOf()).entries();
      for (const [orga, sealed] of strangers) {
        let readable = true;
        try {
          decryptToken(keys.secretKey, sealed);
        } catch {
          readable = false;
        }
        if (!readable) await db.query(`DELETE FROM messaging.messaging_sender WHERE orga_id = $1`, [orga]);
      }
      expect(await runSecretKeyRotationCli([], cliEnv)).toBe(0);
      expect(out.mock.calls.map((call) => String(call[0])).join('')).toMatch(
        /: 0 sealed with the current key, \d+ already were, 0 changed meanwhile, 0 unreadable/,
      );
    } finally {
      out.mockRestore();
    }
  });
});
