import { fakeS3 } from '../testing/fake-s3';
import { StoredFileMissing } from './file-storage';
import { S3Storage } from './s3.storage';

const ACCESS_KEY = 'AKIAFAKES3TEST';
const SECRET = 'fake-s3-secret-key-for-the-kit-test';
const REGION = 'eu-south-1';

describe('S3 storage (the AWS SDK) against a local fake S3 that checks signatures', () => {
  const fake = fakeS3({ bucket: 'pawline-files', region: REGION, accessKeyId: ACCESS_KEY, secretAccessKey: SECRET });
  const storages: S3Storage[] = [];
  const storage = (overrides: Partial<{ secretAccessKey: string; bucket: string }> = {}): S3Storage => {
    const made = new S3Storage({
      endpoint: fake.endpoint,
      bucket: overrides.bucket ?? 'pawline-files',
      region: REGION,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: overrides.secretAccessKey ?? SECRET,
    });
    storages.push(made);
    return made;
  };

  beforeAll(() => fake.start());
  afterAll(async () => {
    for (const made of storages) made.close();
    await fake.stop();
  });
  beforeEach(() => {
    fake.objects.clear();
    fake.requests.length = 0;
  });

  it('puts, gets and deletes signed objects under the bucket, path-style', async () => {
    const s3 = storage();
    const bytes = Buffer.from('%PDF-1.4 privacy document');
    await s3.put('orga-1/customer-privacy/file-1', bytes, 'application/pdf');
    expect(fake.objects.get('orga-1/customer-privacy/file-1')).toMatchObject({ body: bytes, type: 'application/pdf', meta: {} });
    expect((await s3.get('orga-1/customer-privacy/file-1')).equals(bytes)).toBe(true);
    await s3.delete('orga-1/customer-privacy/file-1');
    expect(fake.objects.size).toBe(0);
    await expect(s3.get('orga-1/customer-privacy/file-1')).rejects.toBeInstanceOf(StoredFileMissing);
    // deleting what is not there is not an error (S3 answers 204)
    await expect(s3.delete('orga-1/customer-privacy/file-1')).resolves.toBeUndefined();
    expect(fake.requests).toEqual([
      'PUT /pawline-files/orga-1/customer-privacy/file-1',
      'GET /pawline-files/orga-1/customer-privacy/file-1',
      'DELETE /pawline-files/orga-1/customer-privacy/file-1',
      'GET /pawline-files/orga-1/customer-privacy/file-1',
      'DELETE /pawline-files/orga-1/customer-privacy/file-1',
    ]);
  });

  it('keeps binary bytes intact', async () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
    await storage().put('orga-1/pet-image/binary', bytes, 'image/png');
    expect((await storage().get('orga-1/pet-image/binary')).equals(bytes)).toBe(true);
  });

  it('is refused with a wrong secret: the fake recomputes the signature', async () => {
    await expect(storage({ secretAccessKey: 'not-the-secret' }).put('orga-1/pet-image/x', Buffer.from('x'), 'image/png')).rejects.toThrow(
      /SignatureDoesNotMatch/,
    );
    expect(fake.objects.size).toBe(0);
  });

  it('answers a missing bucket with the S3 error, and never sends a key that is not ours', async () => {
    await expect(storage({ bucket: 'other-bucket' }).put('orga-1/pet-image/x', Buffer.from('x'), 'image/png')).rejects.toThrow(
      /NoSuchBucket/,
    );
    await expect(storage().put('../escape', Buffer.from('x'), 'image/png')).rejects.toThrow('Invalid storage key');
    await expect(storage().get('/etc/passwd')).rejects.toThrow('Invalid storage key');
    expect(fake.requests).toEqual(['PUT /other-bucket/orga-1/pet-image/x']);
  });
});
