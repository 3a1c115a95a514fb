import type { S3Client } from '@aws-sdk/client-s3';
import { assertStorageKey, StoredFileMissing, type FileStorage } from './file-storage';

export type S3Options = { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };

type S3Sdk = typeof import('@aws-sdk/client-s3');

/**
 * An S3-compatible object store (AWS S3, MinIO, R2…) through the AWS SDK: it signs (SigV4),
 * retries, and speaks the protocol's errors. Path-style URLs, since MinIO and most S3
 * look-alikes are addressed by endpoint + bucket, not by a bucket host name.
 *
 * The SDK (about 20 MB resident) is loaded at the first file operation, not when the service starts:
 * every service imports the kit, few keep files, and those touch them rarely (deploy/README.md, "Memory").
 */
export class S3Storage implements FileStorage {
  readonly name = 's3';
  private connection: { sdk: S3Sdk; client: S3Client } | null = null;

  constructor(private readonly options: S3Options) {}

  private connect(): { sdk: S3Sdk; client: S3Client } {
    if (this.connection) return this.connection;
    const options = this.options;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const sdk = require('@aws-sdk/client-s3') as S3Sdk;
    const client = new sdk.S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: true,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // checksums only where S3 demands them: look-alikes that do not know the CRC headers keep working
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.connection = { sdk, client };
    return this.connection;
  }

  async put(key: string, bytes: Buffer, mime: string): Promise<void> {
    assertStorageKey(key);
    const { sdk, client } = this.connect();
    await client.send(new sdk.PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: bytes, ContentType: mime }));
  }

  async get(key: string): Promise<Buffer> {
    assertStorageKey(key);
    const { sdk, client } = this.connect();
    try {
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      if (!answer.Body) throw new StoredFileMissing(key);
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (error instanceof sdk.NoSuchKey || (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404)) {
        throw new StoredFileMissing(key);
      }
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    // S3 answers 204 for a missing key too: deleting twice is not an error
    const { sdk, client } = this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  /** Closes the SDK's HTTP agent (sockets kept alive). */
  close(): void {
    this.connection?.client.destroy();
    this.connection = null;
  }

  /** Nest calls it on the provider when the service stops. */
  onModuleDestroy(): void {
    this.close();
  }
}
