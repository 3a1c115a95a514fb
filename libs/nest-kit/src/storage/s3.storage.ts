import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { assertStorageKey, StoredFileMissing, type FileStorage } from './file-storage';

export type S3Options = { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };

/**
 * An S3-compatible object store (AWS S3, MinIO, R2…) through the AWS SDK: it signs (SigV4),
 * retries, and speaks the protocol's errors. Path-style URLs, since MinIO and most S3
 * look-alikes are addressed by endpoint + bucket, not by a bucket host name.
 */
export class S3Storage implements FileStorage {
  readonly name = 's3';
  private readonly client: S3Client;

  constructor(private readonly options: S3Options) {
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: true,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // checksums only where S3 demands them: look-alikes that do not know the CRC headers keep working
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, bytes: Buffer, mime: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: bytes, ContentType: mime }));
  }

  async get(key: string): Promise<Buffer> {
    assertStorageKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: key }));
      if (!answer.Body) throw new StoredFileMissing(key);
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) {
        throw new StoredFileMissing(key);
      }
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    // S3 answers 204 for a missing key too: deleting twice is not an error
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  /** Closes the SDK's HTTP agent (sockets kept alive). */
  close(): void {
    this.client.destroy();
  }

  /** Nest calls it on the provider when the service stops. */
  onModuleDestroy(): void {
    this.close();
  }
}
