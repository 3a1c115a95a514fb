import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** the body, its content type and the user metadata it was put with (x-amz-meta-*, names without the prefix) */
export type FakeS3Object = { body: Buffer; type: string; meta: Record<string, string>; modified: Date };

export type FakeS3 = {
  /** http://127.0.0.1:<port> once started */
  endpoint: string;
  objects: Map<string, FakeS3Object>;
  /** 'METHOD /bucket/key' of every request, refused ones included */
  requests: string[];
  start(): Promise<void>;
  stop(): Promise<void>;
};

export type FakeS3Options = {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** keys per ListObjectsV2 page at most (S3's 1,000 unless told): small values make a client page */
  listPageSize?: number;
};

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/;

/**
 * A small S3 look-alike for tests: path-style PUT/GET/HEAD/DELETE object and ListObjectsV2 (prefix,
 * max-keys, continuation token) on one bucket, objects in memory with their x-amz-meta-* metadata, and
 * the checks S3 does on a SigV4 header (shape, access key, scope date and region, payload hash,
 * signature recomputed from the request as it arrived on the wire).
 */
export function fakeS3(options: FakeS3Options): FakeS3 {
  const objects = new Map<string, FakeS3Object>();
  const requests: string[] = [];
  let server: Server | undefined;
  const state: FakeS3 = {
    endpoint: '',
    objects,
    requests,
    async start() {
      server = createServer((req, res) => {
        void (async () => {
          const body = await readBody(req);
          const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
          requests.push(`${req.method} ${url.pathname}`);
          const problem = await signatureProblem(options, req, url, body);
          if (problem) {
            res.writeHead(403, { 'content-type': 'application/xml' }).end(s3Error(problem));
            return;
          }
          const [, bucket, ...rest] = url.pathname.split('/');
          const key = rest.map(decodeURIComponent).join('/');
          if (bucket !== options.bucket) {
            res.writeHead(404, { 'content-type': 'application/xml' }).end(s3Error('NoSuchBucket'));
          } else if (req.method === 'GET' && key === '' && url.searchParams.get('list-type') === '2') {
            res.writeHead(200, { 'content-type': 'application/xml' }).end(listing(objects, url.searchParams, options.listPageSize));
          } else if (req.method === 'PUT') {
            const meta = Object.fromEntries(
              Object.entries(req.headers).flatMap(([name, value]) =>
                name.startsWith('x-amz-meta-') ? [[name.slice('x-amz-meta-'.length), String(value)]] : [],
              ),
            );
            objects.set(key, { body, type: String(req.headers['content-type'] ?? ''), meta, modified: new Date() });
            res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
          } else if (req.method === 'GET' || req.method === 'HEAD') {
            const object = objects.get(key);
            if (!object)
              res.writeHead(404, { 'content-type': 'application/xml' }).end(req.method === 'GET' ? s3Error('NoSuchKey') : undefined);
            else {
              const headers = {
                'content-type': object.type,
                'content-length': object.body.length,
                'last-modified': object.modified.toUTCString(),
                ...Object.fromEntries(Object.entries(object.meta).map(([name, value]) => [`x-amz-meta-${name}`, value])),
              };
              res.writeHead(200, headers).end(req.method === 'GET' ? object.body : undefined);
            }
          } else if (req.method === 'DELETE') {
            objects.delete(key);
            res.writeHead(204).end();
          } else {
            res.writeHead(405).end();
          }
        })();
      });
      await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
      state.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async stop() {
      server?.closeAllConnections();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    },
  };
  return state;
}

const xmlText = (value: string): string => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** ListObjectsV2 of the keys under `prefix`, in key order, one page of max-keys (the continuation token is the last key). */
function listing(objects: Map<string, FakeS3Object>, query: URLSearchParams, pageSize = 1000): string {
  const prefix = query.get('prefix') ?? '';
  const after = query.get('continuation-token') ?? query.get('start-after') ?? '';
  const max = Math.min(Number(query.get('max-keys') ?? 1000), pageSize);
  const keys = [...objects.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
  const page = keys.slice(0, max);
  const truncated = keys.length > page.length;
  const contents = page
    .map((key) => {
      const object = objects.get(key)!;
      return `<Contents><Key>${xmlText(key)}</Key><LastModified>${object.modified.toISOString()}</LastModified><Size>${object.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
    })
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
    `<Prefix>${xmlText(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
    contents +
    (truncated ? `<NextContinuationToken>${xmlText(page[page.length - 1])}</NextContinuationToken>` : '') +
    `</ListBucketResult>`
  );
}

function s3Error(code: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function signatureProblem(options: FakeS3Options, req: IncomingMessage, url: URL, body: Buffer): Promise<string | null> {
  const match = AUTHORIZATION.exec(String(req.headers['authorization'] ?? ''));
  if (!match) return 'AuthorizationHeaderMalformed';
  const [, accessKey, date = '', region, signedHeaders = '', signature] = match;
  if (accessKey !== options.accessKeyId) return 'InvalidAccessKeyId';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (region !== options.region || !/^\d{8}T\d{6}Z$/.test(amzDate) || !amzDate.startsWith(date)) return 'AuthorizationHeaderMalformed';
  const names = signedHeaders.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date') || !names.includes('x-amz-content-sha256')) return 'AccessDenied';
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== createHash('sha256').update(body).digest('hex')) {
    return 'XAmzContentSHA256Mismatch';
  }
  return signatureOf(options, req, url, names, payloadHash, amzDate) === signature ? null : 'SignatureDoesNotMatch';
}

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();
/** RFC 3986, as SigV4 wants query names and values */
const uriEncode = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The SigV4 signature of the request as it arrived, computed independently of the SDK under
 * test (AWS "Create a signed AWS API request": canonical request, string to sign, derived key).
 */
function signatureOf(
  options: FakeS3Options,
  req: IncomingMessage,
  url: URL,
  names: string[],
  payloadHash: string,
  amzDate: string,
): string {
  const date = amzDate.slice(0, 8);
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => `${uriEncode(k)}=${uriEncode(v)}`)
    .sort()
    .join('&');
  const headerLines = names
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  // S3 signs the path as sent (already encoded once), unlike other services
  const canonical = [req.method, url.pathname, query, headerLines, names.join(';'), payloadHash].join('\n');
  const scope = `${date}/${options.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${options.secretAccessKey}`, date), options.region), 's3'), 'aws4_request');
  return createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
}
