import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCustomerRpc, readFileRpc } from '@pawline/contracts';
import { createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
// eslint-disable-next-line @nx/enforce-module-boundaries -- crm's integration tests boot the real identity service in-process (memberships)
import { identityService } from '../../../identity/src/identity.service-definition';
import { crmService } from '../../src/crm.service-definition';
import { sha256Hex, signRequest } from '../../src/file/aws-sigv4';
import { S3Storage } from '../../src/file/s3.storage';
import { PNG_1X1, TEST_SECRET, call, signUp, upload } from './crm-test-helpers';

jest.setTimeout(60_000);

const ACCESS_KEY = 'AKIAFAKES3TEST';
const SECRET = 'fake-s3-secret-key-for-the-crm-test';
const REGION = 'eu-south-1';

/**
 * A tiny S3 look-alike: path-style PUT/GET/DELETE on one bucket, objects in memory, and the
 * SigV4 header check S3 does (credential scope, signed headers, payload hash, signature).
 */
function fakeS3(bucket: string): { server: Server; objects: Map<string, { body: Buffer; type: string }>; requests: string[] } {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const requests: string[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
      requests.push(`${req.method} ${url.pathname}`);
      const problem = signatureProblem(req, url, body);
      if (problem) {
        res.writeHead(403, { 'content-type': 'application/xml' }).end(`<Error><Code>${problem}</Code></Error>`);
        return;
      }
      const [, urlBucket, ...rest] = url.pathname.split('/');
      const key = rest.join('/');
      if (urlBucket !== bucket) {
        res.writeHead(404).end('<Error><Code>NoSuchBucket</Code></Error>');
        return;
      }
      if (req.method === 'PUT') {
        objects.set(key, { body, type: String(req.headers['content-type'] ?? '') });
        res.writeHead(200, { etag: `"${sha256Hex(body).slice(0, 32)}"` }).end();
      } else if (req.method === 'GET') {
        const object = objects.get(key);
        if (!object) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        else res.writeHead(200, { 'content-type': object.type }).end(object.body);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else {
        res.writeHead(405).end();
      }
    })();
  });
  return { server, objects, requests };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function signatureProblem(req: IncomingMessage, url: URL, body: Buffer): string | null {
  const authorization = String(req.headers['authorization'] ?? '');
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) return 'AuthorizationHeaderMalformed';
  const [, accessKey, date, region, signedHeaders = '', signature] = match;
  if (accessKey !== ACCESS_KEY) return 'InvalidAccessKeyId';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (region !== REGION || !amzDate.startsWith(date ?? '-')) return 'AuthorizationHeaderMalformed';
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== sha256Hex(body)) return 'XAmzContentSHA256Mismatch';
  const headers: Record<string, string> = {};
  for (const name of signedHeaders.split(';')) headers[name] = String(req.headers[name] ?? '');
  if (!signedHeaders.split(';').includes('host')) return 'AccessDenied';
  const expected = signRequest(
    { method: req.method ?? 'GET', url, headers, payloadHash },
    { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET, region: REGION, service: 's3' },
    amzDate,
  );
  return expected.endsWith(`Signature=${signature}`) ? null : 'SignatureDoesNotMatch';
}

describe('S3 storage adapter against a local fake S3', () => {
  const fake = fakeS3('pawline-files');
  let endpoint = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => fake.server.close(() => resolve()));
  });

  it('puts, gets and deletes signed objects under the bucket', async () => {
    const storage = new S3Storage({ endpoint, bucket: 'pawline-files', region: REGION, accessKeyId: ACCESS_KEY, secretAccessKey: SECRET });
    const bytes = Buffer.from('%PDF-1.4 privacy document');
    await storage.put('orga-1/customer-privacy/file-1', bytes, 'application/pdf');
    expect(fake.objects.get('orga-1/customer-privacy/file-1')).toEqual({ body: bytes, type: 'application/pdf' });
    expect((await storage.get('orga-1/customer-privacy/file-1')).equals(bytes)).toBe(true);
    await storage.delete('orga-1/customer-privacy/file-1');
    expect(fake.objects.size).toBe(0);
    await expect(storage.get('orga-1/customer-privacy/file-1')).rejects.toThrow('404');
    expect(fake.requests).toEqual([
      'PUT /pawline-files/orga-1/customer-privacy/file-1',
      'GET /pawline-files/orga-1/customer-privacy/file-1',
      'DELETE /pawline-files/orga-1/customer-privacy/file-1',
      'GET /pawline-files/orga-1/customer-privacy/file-1',
    ]);
  });

  it('is refused with a wrong secret (the fake checks the signature)', async () => {
    const storage = new S3Storage({
      endpoint,
      bucket: 'pawline-files',
      region: REGION,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: 'not-the-secret',
    });
    await expect(storage.put('orga-1/pet-image/x', Buffer.from('x'), 'image/png')).rejects.toThrow('SignatureDoesNotMatch');
    expect(fake.objects.size).toBe(0);
  });
});

describe('crm with CRM_STORAGE=s3', () => {
  const fake = fakeS3('crm-bucket');
  let env: TestEnv;

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    Object.assign(process.env, {
      AUTH_TOKEN_SECRET: TEST_SECRET,
      CRM_STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`,
      S3_BUCKET: 'crm-bucket',
      S3_REGION: REGION,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: SECRET,
    });
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(crmService);
  });
  afterAll(async () => {
    await env?.dispose();
    for (const key of ['CRM_STORAGE', 'S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])
      delete process.env[key];
    await new Promise<void>((resolve) => fake.server.close(() => resolve()));
  });

  it('R9.04 keeps a privacy file in the object store and reads it back through the service', async () => {
    const client = env.rpcClient();
    const salon = await signUp(env, client, 'Stella');
    const customer = await call(
      client,
      createCustomerRpc,
      { orga_id: salon.orgaId, store_id: salon.storeId, first_name: 'Rita' },
      salon.auth,
    );
    const file = await upload(client, salon, 'customer_privacy', customer.customer.id, 'consenso.png', PNG_1X1);
    // an image, so its thumbnail is stored beside it
    expect([...fake.objects.keys()].sort()).toEqual([
      `${salon.orgaId}/customer-privacy/${file.id}`,
      `${salon.orgaId}/customer-privacy/${file.id}-thumbnail`,
    ]);
    const back = await call(client, readFileRpc, { orga_id: salon.orgaId, store_id: salon.storeId, file_id: file.id }, salon.auth);
    expect(Buffer.from(back.data_base64, 'base64').equals(PNG_1X1)).toBe(true);
  });
});
