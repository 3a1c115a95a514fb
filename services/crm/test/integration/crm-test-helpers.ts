import { randomUUID } from 'node:crypto';
import {
  listMailboxRpc,
  loginRpc,
  registerUserRpc,
  uploadFilePartRpc,
  verifyEmailRpc,
  FILE_PART_BYTES,
  type AuthContext,
  type CrmFileKind,
  type StoredFile,
} from '@pawline/contracts';
import { verifyAccessToken, type NatsRpcClient } from '@pawline/nest-kit';
import { call, failureOf, type RpcInput, type TestEnv } from '@pawline/nest-kit/testing';

export const TEST_SECRET = 'crm-integration-secret-0123456789abcdefgh';

/** A 1×1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A PDF of about `size` bytes (a comment line pads it). */
export function pdfOf(size: number): Buffer {
  const head = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%';
  const tail = '\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  return Buffer.from(head + 'x'.repeat(Math.max(0, size - head.length - tail.length)) + tail);
}

export type Salon = { auth: AuthContext; userId: string; orgaId: string; storeId: string; email: string };

export { call, failureOf, type RpcInput };

/** Registers a salon through identity, verifies the e-mail from the sandbox mailbox and logs in. */
export async function signUp(env: TestEnv, client: NatsRpcClient, firstName: string): Promise<Salon> {
  const email = `${firstName.toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`;
  const password = 'a-long-password-1';
  const { user_id, orga_id } = await call(
    client,
    registerUserRpc,
    {
      email,
      password,
      first_name: firstName,
      last_name: 'Rossi',
      organization_name: `Salone ${firstName}`,
      country: 'IT',
      language: 'it',
      accept_terms: true,
      accept_privacy: true,
    },
    null,
  );
  const mails = await call(client, listMailboxRpc, { to: email }, null);
  const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mails[0]?.text ?? '')?.[1];
  if (!token) throw new Error(`no verification mail for ${email}`);
  await call(client, verifyEmailRpc, { token }, null);
  const session = await call(client, loginRpc, { username: email, password }, null);
  const claims = await verifyAccessToken(TEST_SECRET, session.access_token);
  if (!claims) throw new Error('access token does not verify with the test secret');
  const [store] = await env.query<{ id: string }>(`SELECT id FROM identity.store WHERE orga_id = $1`, [orga_id]);
  if (!store) throw new Error('registration made no store');
  return {
    auth: { userId: claims.sub, sessionId: claims.sid, deviceId: null },
    userId: user_id,
    orgaId: orga_id,
    storeId: store.id,
    email,
  };
}

/** Uploads a file in parts of at most FILE_PART_BYTES, as the gateway does. */
export async function upload(
  client: NatsRpcClient,
  salon: Pick<Salon, 'auth' | 'orgaId' | 'storeId'>,
  kind: CrmFileKind,
  ownerId: string,
  fileName: string,
  bytes: Buffer,
): Promise<StoredFile> {
  const uploadId = randomUUID();
  let offset = 0;
  do {
    const part = bytes.subarray(offset, offset + FILE_PART_BYTES);
    const last = offset + part.length >= bytes.length;
    const result = await call(
      client,
      uploadFilePartRpc,
      {
        orga_id: salon.orgaId,
        store_id: salon.storeId,
        kind,
        owner_id: ownerId,
        upload_id: uploadId,
        file_name: fileName,
        total_size: bytes.length,
        offset,
        data_base64: part.toString('base64'),
        last,
      },
      salon.auth,
    );
    offset += part.length;
    if (last) {
      if (!result.file) throw new Error('the last part returned no file');
      return result.file;
    }
  } while (offset < bytes.length);
  throw new Error('unreachable');
}
