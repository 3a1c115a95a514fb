import { createCustomerRpc, readFileRpc } from '@pawline/contracts';
import { createTestEnv, fakeS3, type TestEnv } from '@pawline/nest-kit/testing';
import { identityService } from '../../../identity/src/identity.service-definition';
import { crmService } from '../../src/crm.service-definition';
import { PNG_1X1, TEST_SECRET, call, signUp, upload } from './crm-test-helpers';

jest.setTimeout(60_000);

const ACCESS_KEY = 'AKIAFAKES3TEST';
const SECRET = 'fake-s3-secret-key-for-the-crm-test';
const REGION = 'eu-south-1';

// the adapter itself is tested in libs/nest-kit/src/storage/s3.storage.spec.ts; here crm runs on it

describe('crm with CRM_STORAGE=s3', () => {
  const fake = fakeS3({ bucket: 'crm-bucket', region: REGION, accessKeyId: ACCESS_KEY, secretAccessKey: SECRET });
  let env: TestEnv;

  beforeAll(async () => {
    await fake.start();
    Object.assign(process.env, {
      AUTH_TOKEN_SECRET: TEST_SECRET,
      CRM_STORAGE: 's3',
      S3_ENDPOINT: fake.endpoint,
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
    await fake.stop();
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
