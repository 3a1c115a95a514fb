import { randomUUID } from 'node:crypto';
import { uploadFilePartRpc, FILE_PART_BYTES, type AuthContext, type CrmFileKind, type StoredFile } from '@pawline/contracts';
import { type NatsRpcClient } from '@pawline/nest-kit';
import { call, failureOf, signUpOwner, type RpcInput, type TestEnv } from '@pawline/nest-kit/testing';

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
  const owner = await signUpOwner(client, TEST_SECRET, firstName);
  const [store] = await env.query<{ id: string }>(`SELECT id FROM identity.store WHERE orga_id = $1`, [owner.orgaId]);
  if (!store) throw new Error('registration made no store');
  return { ...owner, storeId: store.id };
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
