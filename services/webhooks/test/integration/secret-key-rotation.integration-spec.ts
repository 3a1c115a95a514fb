import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { createWebhookEndpointRpc, pingWebhookEndpointRpc } from '@pawline/contracts';
import { openText, sealingKeyOf, sealText, type NatsRpcClient } from '@pawline/nest-kit';
import { call, createTestEnv, until, type TestEnv } from '@pawline/nest-kit/testing';
import { identityService } from '../../../identity/src/identity.service-definition';
import { verifySignature } from '../../src/delivery/signature';
import { rotateEndpointSecrets, runWebhooksKeyRotationCli } from '../../src/endpoint/secret-key-rotation';
import { newSigningSecret } from '../../src/endpoint/secret-cipher';
import { webhooksService } from '../../src/webhooks.service-definition';
import { TEST_SECRET, signUp, type Salon } from './webhooks-test-helpers';

jest.setTimeout(120_000);

const OLD = 'the-old-webhooks-secret-key-0123456789abcdef';
const NEW = 'the-new-webhooks-secret-key-fedcba9876543210';
const STRANGER = 'a-key-nobody-here-knows-of-0123456789abcdefgh';
const keys = { secretKey: sealingKeyOf(NEW), previousSecretKey: sealingKeyOf(OLD) };

/**
 * WEBHOOKS_SECRET_KEY rotation on real Postgres, NATS and a receiver on this machine: while it runs the service
 * signs with secrets sealed by either key; rotate-webhooks-key seals every secret (and every replaced one still
 * signing) anew, survives a stop half-way and does nothing twice; the CLI fails while one opens with neither key.
 */
describe('rotating WEBHOOKS_SECRET_KEY (endpoints’ signing secrets)', () => {
  const saved = { ...process.env };
  let env: TestEnv;
  let client: NatsRpcClient;
  let db: Client;
  let salon: Salon;
  let receiver: Server;
  let receiverUrl = '';
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  /** endpoint id → its plain signing secrets (current, replaced) */
  const plain = new Map<string, { secret: string; previous: string | null }>();

  const seed = async (count: number, key: string, withPrevious = false) => {
    const rows = Array.from({ length: count }, () => ({
      id: randomUUID(),
      secret: newSigningSecret(),
      previous: withPrevious ? newSigningSecret() : null,
    }));
    await db.query(
      `INSERT INTO webhooks.webhook_endpoint (id, orga_id, url, events, secret_enc, secret_prefix, previous_secret_enc, previous_secret_until)
       SELECT r.id, $2, 'https://hooks.example.com/in', ARRAY['appointment.created'], r.sealed, 'whsec_x', r.previous_sealed,
              CASE WHEN r.previous_sealed IS NULL THEN NULL ELSE now() + interval '1 day' END
       FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, sealed text, previous_sealed text)`,
      [
        JSON.stringify(
          rows.map((r) => ({
            id: r.id,
            sealed: sealText(sealingKeyOf(key), r.secret),
            previous_sealed: r.previous ? sealText(sealingKeyOf(key), r.previous) : null,
          })),
        ),
        salon.orgaId,
      ],
    );
    for (const r of rows) plain.set(r.id, { secret: r.secret, previous: r.previous });
    return rows.map((r) => r.id);
  };
  const sealedOf = async () =>
    new Map(
      (
        await db.query<{ id: string; secret_enc: string; previous_secret_enc: string | null }>(
          `SELECT id, secret_enc, previous_secret_enc FROM webhooks.webhook_endpoint`,
        )
      ).rows.map((r) => [r.id, r]),
    );

  beforeAll(async () => {
    // the service as it runs during a rotation: the new key, and the old one to read what it sealed
    Object.assign(process.env, {
      AUTH_TOKEN_SECRET: TEST_SECRET,
      WEBHOOKS_SECRET_KEY: NEW,
      WEBHOOKS_SECRET_KEY_PREVIOUS: OLD,
      WEBHOOKS_ALLOW_LOOPBACK: 'on',
      WEBHOOKS_POLL_MS: '200',
    });
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(webhooksService, { httpPort: 0 });
    client = env.rpcClient();
    db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
    salon = await signUp(client, 'Greta');
  });

  afterAll(async () => {
    await db?.end();
    await env?.dispose();
    await new Promise((resolve) => receiver?.close(resolve));
    process.env = saved;
  });

  it('while the rotation runs, deliveries of an endpoint sealed with the old key are signed with its secret', async () => {
    const { endpoint } = await call(
      client,
      createWebhookEndpointRpc,
      { orga_id: salon.orgaId, url: receiverUrl, events: ['appointment.created'] },
      salon.auth,
    );
    // as a pod with the old key sealed it before the rollout
    const secret = newSigningSecret();
    await db.query(`UPDATE webhooks.webhook_endpoint SET secret_enc = $2 WHERE id = $1`, [
      endpoint.id,
      sealText(sealingKeyOf(OLD), secret),
    ]);
    await call(client, pingWebhookEndpointRpc, { orga_id: salon.orgaId, endpoint_id: endpoint.id }, salon.auth);
    const delivery = await until(() => received[0]);
    expect(verifySignature(secret, String(delivery.headers['pawline-signature']), delivery.body, Math.floor(Date.now() / 1000))).toBe(true);
    plain.set(endpoint.id, { secret, previous: null });
  });

  it('seals every secret and every replaced one anew, finishes a run stopped half-way, and a second run changes nothing', async () => {
    await seed(140, OLD);
    await seed(20, OLD, true);
    const [lost] = await seed(1, STRANGER);
    const before = await sealedOf();

    let written = 0;
    const stop = new Error('stopped half-way');
    await expect(
      rotateEndpointSecrets(db, keys, {
        batchSize: 50,
        afterWrite: () => {
          written += 1;
          if (written === 90) throw stop;
        },
      }),
    ).rejects.toBe(stop);

    const resumed = await rotateEndpointSecrets(db, keys, { batchSize: 50 });
    // 161 seeded + the first test's endpoint; 20 replaced secrets; 90 done before the stop
    expect(resumed).toMatchObject({ checked: 182, resealed: 181 - 90, current: 90, changedMeanwhile: 0 });
    expect(resumed.unreadable).toEqual([{ id: lost, column: 'secret_enc' }]);

    const after = await sealedOf();
    for (const [id, { secret, previous }] of plain) {
      const row = after.get(id)!;
      if (id === lost) {
        expect(row.secret_enc).toBe(before.get(id)?.secret_enc); // left as it was
        continue;
      }
      expect(openText(keys.secretKey, row.secret_enc)).toBe(secret);
      expect(() => openText(keys.previousSecretKey, row.secret_enc)).toThrow();
      if (previous) expect(openText(keys.secretKey, row.previous_secret_enc!)).toBe(previous);
      else expect(row.previous_secret_enc).toBeNull();
    }

    const again = await rotateEndpointSecrets(db, keys, { batchSize: 50 });
    expect(again).toMatchObject({ checked: 182, resealed: 0, current: 181 });
    expect(await sealedOf()).toEqual(after);
  });

  it('the CLI (rotate-webhooks-key): fails while a secret stays unreadable, succeeds once its endpoint is gone', async () => {
    const cliEnv = {
      DATABASE_URL: env.databaseUrl,
      WEBHOOKS_SECRET_KEY: NEW,
      WEBHOOKS_SECRET_KEY_PREVIOUS: OLD,
      PUBLIC_URL: 'https://pawline.example.com',
    };
    const out = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      expect(await runWebhooksKeyRotationCli(['--dry-run'], cliEnv)).toBe(1);
      expect(out.mock.calls.map((c) => String(c[0])).join('')).toMatch(/unreadable with either key: endpoint [0-9a-f-]{36} \(its secret/);
      await db.query(`DELETE FROM webhooks.webhook_endpoint WHERE secret_prefix = 'whsec_x'`);
      out.mockClear();
      expect(await runWebhooksKeyRotationCli([], cliEnv)).toBe(0);
      expect(out.mock.calls.map((c) => String(c[0])).join('')).toMatch(
        /: 0 sealed with the current key, 1 already were, 0 changed meanwhile, 0 unreadable/,
      );
    } finally {
      out.mockRestore();
    }
  });
});
