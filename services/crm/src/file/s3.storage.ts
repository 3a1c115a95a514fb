import { amzDateOf, sha256Hex, signRequest } from './aws-sigv4';
import { assertStorageKey, type FileStorage } from './file-storage';

export type S3Options = { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };

/** An S3-compatible object store (AWS S3, MinIO, R2...) over fetch, path-style URLs, SigV4-signed. */
export class S3Storage implements FileStorage {
  readonly name = 's3';

  constructor(
    private readonly options: S3Options,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, mime?: string): Promise<Response> {
    assertStorageKey(key);
    const url = new URL(`${this.options.endpoint.replace(/\/$/, '')}/${this.options.bucket}/${key}`);
    const amzDate = amzDateOf(this.now());
    const payloadHash = sha256Hex(body ?? '');
    const headers: Record<string, string> = { host: url.host, 'x-amz-date': amzDate, 'x-amz-content-sha256': payloadHash };
    if (mime) headers['content-type'] = mime;
    const authorization = signRequest(
      { method, url, headers, payloadHash },
      { accessKeyId: this.options.accessKeyId, secretAccessKey: this.options.secretAccessKey, region: this.options.region, service: 's3' },
      amzDate,
    );
    const { host: _host, ...sent } = headers;
    return fetch(url, { method, headers: { ...sent, authorization }, ...(body ? { body: new Uint8Array(body) } : {}) });
  }

  async put(key: string, bytes: Buffer, mime: string): Promise<void> {
    const res = await this.send('PUT', key, bytes, mime);
    if (!res.ok) throw new Error(`S3 PUT ${key} failed: ${res.status} ${await res.text()}`);
  }

  async get(key: string): Promise<Buffer> {
    const res = await this.send('GET', key);
    if (!res.ok) throw new Error(`S3 GET ${key} failed: ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    // S3 answers 204 for a missing key too
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed: ${res.status}`);
  }
}
