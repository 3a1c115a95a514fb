import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { RunningService } from '@pawline/nest-kit';
import { createTestEnv, type TestEnv } from '@pawline/nest-kit/testing';
import { crmService } from '../../../crm/src/crm.service-definition';
import { pdfOf } from '../../../crm/test/integration/crm-test-helpers';
import { identityService } from '../../../identity/src/identity.service-definition';
import { gatewayService } from '../../src/gateway.service-definition';
import { Browser, GATEWAY_TEST_SECRET, REDIS_URL, registration, waitFor } from './gateway-test-helpers';

jest.setTimeout(120_000);

type Mail = { text: string };
type StoredFile = { id: string; kind: string; owner_id: string; file_name: string; mime: string; size: number };
type ErrorBody = { code: string; message: string; fields?: Record<string, string> };
type Salon = { browser: Browser; token: string; orgaId: string; storeId: string };
type FileResponse = { status: number; headers: Headers; bytes: Buffer; json: unknown };

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid RGB PNG of width × height with a colour gradient (seeded), IDAT deflated with zlib. */
function makePng(width: number, height: number, seed: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0 (none)
    for (let x = 0; x < width; x += 1) {
      row[1 + x * 3] = (x * 7 + seed) & 0xff;
      row[2 + x * 3] = (y * 13 + seed) & 0xff;
      row[3 + x * 3] = ((x ^ y) + seed) & 0xff;
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG signature followed by `size` bytes in all: only its size matters (the limit is checked first). */
function bigPng(size: number): Buffer {
  const png = makePng(4, 4, 1);
  return Buffer.concat([png, Buffer.alloc(size - png.length, 7)]);
}

describe('gateway file routes over identity and crm (real NATS, Postgres, Redis)', () => {
  let env: TestEnv;
  let gateway: RunningService;
  let base: string;
  let filesDir: string;
  let anna: Salon;
  let bruno: Salon;
  const savedEnv = { ...process.env };
  const ids = { customer: '', pet: '', privacy: '', images: [] as string[] };

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = GATEWAY_TEST_SECRET;
    process.env['MAIL_TRANSPORT'] = 'sandbox';
    // the tests' browsers reach the gateway on loopback and name their own addresses, as a proxy would
    process.env['TRUSTED_PROXIES'] = '127.0.0.1, ::1';
    process.env['PAWLINE_SERVICES'] = 'identity,crm';
    filesDir = mkdtempSync(join(tmpdir(), 'gateway-crm-files-'));
    process.env['CRM_FILES_DIR'] = filesDir;
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(crmService);
    gateway = await env.start(gatewayService, { httpPort: 0, redisUrl: REDIS_URL });
    base = gateway.httpUrl ?? '';
    anna = await newSalon();
    bruno = await newSalon();
    const customer = await anna.browser.request('POST', storePath(anna, '/customer'), {
      token: anna.token,
      body: { first_name: 'Giulia', last_name: 'Bianchi' },
    });
    expect(customer.status).toBe(201);
    ids.customer = (customer.body as { customer: { id: string } }).customer.id;
    const pet = await anna.browser.request('POST', storePath(anna, '/pet'), {
      token: anna.token,
      body: { customer_id: ids.customer, name: 'Fido', pet_type: 1 },
    });
    expect(pet.status).toBe(201);
    ids.pet = (pet.body as { pet: { id: string } }).pet.id;
  });

  afterAll(async () => {
    await env?.dispose();
    process.env = savedEnv;
    if (filesDir) rmSync(filesDir, { recursive: true, force: true });
  });

  function storePath(salon: Salon, rest: string): string {
    return `/api/v1/orga/${salon.orgaId}/store/${salon.storeId}${rest}`;
  }

  /** A verified, signed-in owner of a new organization with its first store. */
  async function newSalon(): Promise<Salon> {
    const browser = new Browser(base);
    const input = registration();
    const registered = await browser.request('POST', '/api/v1/auth/register', { body: input });
    expect(registered.status).toBe(201);
    const orgaId = (registered.body as { orga_id: string }).orga_id;
    const email = String(input['email']);
    const token = await waitFor(async () => {
      const mails = await browser.request('GET', `/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`);
      if (mails.status !== 200) return undefined;
      for (const mail of mails.body as Mail[]) {
        const match = /\/verify-email\?token=([^\s"'&<]+)/.exec(mail.text);
        if (match?.[1]) return decodeURIComponent(match[1]);
      }
      return undefined;
    });
    expect((await browser.request('POST', '/api/v1/auth/verify-email', { body: { token } })).status).toBe(200);
    const login = await browser.request('POST', '/api/v1/auth/login', { body: { username: email, password: input['password'] } });
    expect(login.status).toBe(200);
    const accessToken = (login.body as { access_token: string }).access_token;
    const stores = await browser.request('GET', `/api/v1/orga/${orgaId}/store`, { token: accessToken });
    expect(stores.status).toBe(200);
    const storeId = (stores.body as { id: string }[])[0]?.id ?? '';
    return { browser, token: accessToken, orgaId, storeId };
  }

  /** A raw-body or bodyless file call (R7.10), answering bytes and, when JSON, the parsed body. */
  async function fileCall(
    method: string,
    path: string,
    token: string,
    body?: { bytes: Buffer; type: string; name?: string },
    extra: Record<string, string> = {},
  ): Promise<FileResponse> {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'x-forwarded-for': '10.9.8.7', ...extra };
    if (body) {
      headers['content-type'] = body.type;
      if (body.name !== undefined) headers['x-file-name'] = encodeURIComponent(body.name);
    }
    const response = await fetch(`${base}${path}`, { method, headers, ...(body ? { body: new Uint8Array(body.bytes) } : {}) });
    const bytes = Buffer.from(await response.arrayBuffer());
    let json: unknown = null;
    if ((response.headers.get('content-type') ?? '').startsWith('application/json')) json = JSON.parse(bytes.toString('utf8'));
    return { status: response.status, headers: response.headers, bytes, json };
  }

  const petImages = (salon: Salon) => storePath(salon, `/pet/${ids.pet}/images`);
  const petImage = (salon: Salon, fileId?: string) => storePath(salon, `/pet/${ids.pet}/image${fileId ? `/${fileId}` : ''}`);
  const privacyFile = (salon: Salon, fileId?: string) =>
    storePath(salon, `/customer/${ids.customer}/privacy_file${fileId ? `/${fileId}` : ''}`);

  it('R7.04 R7.10 uploads a real PNG as a pet image from the raw body and reads it back byte-identical', async () => {
    const png = makePng(40, 30, 5);
    const uploaded = await fileCall(
      'POST',
      petImage(anna),
      anna.token,
      { bytes: png, type: 'image/png', name: 'Fido am Strand ü.png' },
      { 'x-socket-id': 'sock_Abc-123' },
    );
    expect(uploaded.status).toBe(201);
    const file = uploaded.json as StoredFile;
    expect(file).toMatchObject({
      kind: 'pet_image',
      owner_id: ids.pet,
      file_name: 'Fido am Strand ü.png',
      mime: 'image/png',
      size: png.length,
    });
    ids.images.push(file.id);
    // the optional socket id header names the causing device of the pet's updated event (R4.16)
    const events = await env.query<{ device: string | null }>(
      `SELECT envelope->'actor'->>'deviceId' AS device FROM crm.outbox_event WHERE subject = 'evt.crm.pet.updated.v1' AND (envelope->'data')::text LIKE $1`,
      [`%${ids.pet}%`],
    );
    expect(events.map((e) => e.device)).toEqual(['sock_Abc-123']);

    const read = await fileCall('GET', petImage(anna, file.id), anna.token);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(read.headers.get('content-disposition')).toBe(
      `inline; filename="Fido am Strand _.png"; filename*=UTF-8''${encodeURIComponent('Fido am Strand ü.png')}`,
    );
    expect(read.bytes.equals(png)).toBe(true);

    // the gallery's small version: a JPEG no larger than the image (40 × 30 stays 40 × 30)
    const thumbnail = await fileCall('GET', `${petImage(anna, file.id)}/thumbnail`, anna.token);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    expect([...thumbnail.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect((await fileCall('GET', `${petImage(anna, file.id)}/thumbnail`, bruno.token)).status).toBe(403);

    const list = await anna.browser.request('GET', petImages(anna), { token: anna.token });
    expect(list.status).toBe(200);
    expect((list.body as StoredFile[]).map((f) => f.id)).toEqual([file.id]);
  });

  it('R7.04 R9.04 a PDF privacy file of 1.9 MB travels in parts both ways unchanged', async () => {
    const pdf = pdfOf(1_900_000);
    const uploaded = await fileCall('POST', privacyFile(anna), anna.token, { bytes: pdf, type: 'application/pdf', name: 'privacy.pdf' });
    expect(uploaded.status).toBe(201);
    const file = uploaded.json as StoredFile;
    expect(file).toMatchObject({
      kind: 'customer_privacy',
      owner_id: ids.customer,
      file_name: 'privacy.pdf',
      mime: 'application/pdf',
      size: pdf.length,
    });
    ids.privacy = file.id;

    const read = await fileCall('GET', privacyFile(anna, file.id), anna.token);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('application/pdf');
    expect(read.headers.get('content-length')).toBe(String(pdf.length));
    expect(read.headers.get('content-disposition')).toContain('attachment; filename="privacy.pdf"');
    expect(read.bytes.equals(pdf)).toBe(true);

    const list = await anna.browser.request('GET', storePath(anna, `/customer/${ids.customer}/privacy_files`), { token: anna.token });
    expect((list.body as StoredFile[]).map((f) => f.id)).toEqual([file.id]);
    // the privacy file is one file (R9.04)
    const second = await fileCall('POST', privacyFile(anna), anna.token, {
      bytes: pdfOf(2_000),
      type: 'application/pdf',
      name: 'again.pdf',
    });
    expect(second.status).toBe(400);
    expect((second.json as ErrorBody).message).toBe('Too many files. Limit: 1');
  });

  it('R5.10 R9.04 a PDF sent as image/png is refused by its content: File got the wrong file type', async () => {
    const wrong = await fileCall('POST', petImage(anna), anna.token, { bytes: pdfOf(5_000), type: 'image/png', name: 'not-a-picture.png' });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({
      code: 'validation_failed',
      message: 'File got the wrong file type',
      fields: { file: 'errors.uploadWrongType' },
    });
    const list = await anna.browser.request('GET', petImages(anna), { token: anna.token });
    expect((list.body as StoredFile[]).length).toBe(1);
  });

  it("R5.10 R9.04 a file over its kind's limit answers 413 File is too big. Max size: (just over, and far over the gateway's cap)", async () => {
    const justOver = await fileCall('POST', petImage(anna), anna.token, { bytes: bigPng(1_048_577), type: 'image/png', name: 'big.png' });
    expect(justOver.status).toBe(413);
    expect(justOver.json).toEqual({
      code: 'payload_too_large',
      message: 'File is too big. Max size: 1 MB',
      fields: { file: 'errors.uploadTooBig' },
    });

    // beyond the gateway's cap (limit + slack) the rest of the body is dropped; crm still names the limit
    const farOver = await fileCall('POST', petImage(anna), anna.token, { bytes: bigPng(3_500_000), type: 'image/png', name: 'huge.png' });
    expect(farOver.status).toBe(413);
    expect(farOver.json).toEqual({
      code: 'payload_too_large',
      message: 'File is too big. Max size: 1 MB',
      fields: { file: 'errors.uploadTooBig' },
    });
    const list = await anna.browser.request('GET', petImages(anna), { token: anna.token });
    expect((list.body as StoredFile[]).length).toBe(1);
  });

  it('R5.10 R9.04 a fifth pet image answers Too many files. Limit: 4; PUT replaces one without counting it (R7.04)', async () => {
    for (let seed = 10; ids.images.length < 4; seed += 1) {
      const added = await fileCall('POST', petImage(anna), anna.token, {
        bytes: makePng(8, 8, seed),
        type: 'image/png',
        name: `fido-${seed}.png`,
      });
      expect(added.status).toBe(201);
      ids.images.push((added.json as StoredFile).id);
    }
    const fifth = await fileCall('POST', petImage(anna), anna.token, { bytes: makePng(8, 8, 99), type: 'image/png', name: 'fifth.png' });
    expect(fifth.status).toBe(400);
    expect(fifth.json).toEqual({
      code: 'validation_failed',
      message: 'Too many files. Limit: 4',
      fields: { file: 'errors.uploadTooMany' },
    });

    const replacement = makePng(16, 16, 42);
    const [oldId = ''] = ids.images;
    const replaced = await fileCall('PUT', petImage(anna, oldId), anna.token, {
      bytes: replacement,
      type: 'image/png',
      name: 'new-look.png',
    });
    expect(replaced.status).toBe(200);
    const newFile = replaced.json as StoredFile;
    expect(newFile).toMatchObject({ kind: 'pet_image', owner_id: ids.pet, file_name: 'new-look.png', size: replacement.length });
    const list = await anna.browser.request('GET', petImages(anna), { token: anna.token });
    const listed = (list.body as StoredFile[]).map((f) => f.id);
    expect(listed).toHaveLength(4);
    expect(listed).toContain(newFile.id);
    expect(listed).not.toContain(oldId);
    expect((await fileCall('GET', petImage(anna, oldId), anna.token)).status).toBe(404);
    expect((await fileCall('GET', petImage(anna, newFile.id), anna.token)).bytes.equals(replacement)).toBe(true);
    // the replaced image's bytes are gone from the storage, the new one's are there
    expect(existsSync(join(filesDir, anna.orgaId, 'pet-image', oldId))).toBe(false);
    expect(readFileSync(join(filesDir, anna.orgaId, 'pet-image', newFile.id)).equals(replacement)).toBe(true);
    ids.images = listed;
    // a file of another kind or owner is not an image of this pet
    expect((await fileCall('GET', petImage(anna, ids.privacy), anna.token)).status).toBe(404);
    expect(
      (await fileCall('PUT', petImage(anna, ids.privacy), anna.token, { bytes: makePng(8, 8, 3), type: 'image/png', name: 'x.png' }))
        .status,
    ).toBe(404);
  });

  it('R6.04 a member of another organization gets 403 on every file route and nothing changes', async () => {
    const [imageId = ''] = ids.images;
    const png = { bytes: makePng(8, 8, 77), type: 'image/png', name: 'intruder.png' };
    const calls: [string, string, { bytes: Buffer; type: string; name?: string } | undefined][] = [
      ['POST', petImage(anna), png],
      ['PUT', petImage(anna, imageId), png],
      ['PUT', petImage(anna), png],
      ['PUT', `${petImage(anna)}?file_id=${imageId}`, png],
      ['DELETE', petImage(anna), undefined],
      ['DELETE', `${petImage(anna)}?file_id=${imageId}`, undefined],
      ['GET', petImage(anna, imageId), undefined],
      ['DELETE', petImage(anna, imageId), undefined],
      ['GET', petImages(anna), undefined],
      ['POST', privacyFile(anna), { bytes: pdfOf(3_000), type: 'application/pdf', name: 'intruder.pdf' }],
      ['GET', privacyFile(anna, ids.privacy), undefined],
      ['DELETE', privacyFile(anna, ids.privacy), undefined],
      ['DELETE', privacyFile(anna), undefined],
      ['GET', storePath(anna, `/customer/${ids.customer}/privacy_files`), undefined],
    ];
    for (const [method, path, body] of calls) {
      const response = await fileCall(method, path, bruno.token, body);
      expect({ method, path, status: response.status, code: (response.json as ErrorBody | null)?.code }).toEqual({
        method,
        path,
        status: 403,
        code: 'forbidden',
      });
    }
    const images = await anna.browser.request('GET', petImages(anna), { token: anna.token });
    expect((images.body as StoredFile[]).map((f) => f.id)).toEqual(ids.images);
    expect((await fileCall('GET', privacyFile(anna, ids.privacy), anna.token)).status).toBe(200);
    // and without a token: 401
    const anonymous = await fetch(`${base}${petImage(anna)}`, {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(png.bytes),
    });
    expect(anonymous.status).toBe(401);
  });

  it('R7.04 R7.10 deleting a pet image and the privacy file removes their bytes; OpenAPI shows the raw-body routes', async () => {
    const [imageId = ''] = ids.images;
    expect(existsSync(join(filesDir, anna.orgaId, 'pet-image', imageId))).toBe(true);
    expect((await anna.browser.request('DELETE', petImage(anna, imageId), { token: anna.token })).status).toBe(200);
    expect((await fileCall('GET', petImage(anna, imageId), anna.token)).status).toBe(404);
    expect(existsSync(join(filesDir, anna.orgaId, 'pet-image', imageId))).toBe(false);
    expect((await anna.browser.request('DELETE', privacyFile(anna, ids.privacy), { token: anna.token })).status).toBe(200);
    expect((await fileCall('GET', privacyFile(anna, ids.privacy), anna.token)).status).toBe(404);
    expect(existsSync(join(filesDir, anna.orgaId, 'customer-privacy', ids.privacy))).toBe(false);
    // DELETE .../privacy_file without an id removes the customer's one privacy file
    const again = await fileCall('POST', privacyFile(anna), anna.token, {
      bytes: pdfOf(4_000),
      type: 'application/pdf',
      name: 'signed.pdf',
    });
    expect(again.status).toBe(201);
    const againId = (again.json as StoredFile).id;
    const removed = await anna.browser.request('DELETE', privacyFile(anna), { token: anna.token });
    expect(removed).toMatchObject({ status: 200, body: { deleted: true, file_id: againId } });
    expect(
      (await anna.browser.request('GET', storePath(anna, `/customer/${ids.customer}/privacy_files`), { token: anna.token })).body,
    ).toEqual([]);
    expect((await anna.browser.request('DELETE', privacyFile(anna), { token: anna.token })).status).toBe(404);

    const openApi = (await anna.browser.request('GET', '/api/openapi.json')).body as {
      paths: Record<
        string,
        Record<
          string,
          { requestBody?: { content: Record<string, unknown> }; responses: Record<string, { content?: Record<string, unknown> }> }
        >
      >;
    };
    const upload = openApi.paths['/api/v1/orga/{orga}/store/{store}/pet/{pet}/image']?.['post'];
    expect(Object.keys(upload?.requestBody?.content ?? {})).toEqual(['image/png', 'image/jpeg']);
    expect(upload?.responses['201']?.content?.['application/json']).toBeDefined();
    const download = openApi.paths['/api/v1/orga/{orga}/store/{store}/customer/{customer}/privacy_file/{file}']?.['get'];
    expect(download?.responses['200']?.content?.['*/*']).toEqual({ schema: { type: 'string', format: 'binary' } });
  });

  it("R7.04 spec §7 PUT and DELETE …/pet/{petId}/image replace and delete the pet's image without a file id in the path", async () => {
    const created = await anna.browser.request('POST', storePath(anna, '/pet'), {
      token: anna.token,
      body: { customer_id: ids.customer, name: 'Luna', pet_type: 2 },
    });
    expect(created.status).toBe(201);
    const luna = (created.body as { pet: { id: string } }).pet.id;
    const image = (query = '') => storePath(anna, `/pet/${luna}/image${query}`);
    const listed = async () =>
      ((await anna.browser.request('GET', storePath(anna, `/pet/${luna}/images`), { token: anna.token })).body as StoredFile[]).map(
        (f) => f.id,
      );
    const png = (seed: number, name: string) => ({ bytes: makePng(8, 8, seed), type: 'image/png', name });

    // no image yet: nothing to delete, and a PUT gives the pet its image
    const none = await fileCall('DELETE', image(), anna.token);
    expect({ status: none.status, code: (none.json as ErrorBody).code }).toEqual({ status: 404, code: 'not_found' });
    const first = await fileCall('PUT', image(), anna.token, png(1, 'luna.png'));
    expect(first.status).toBe(200);
    const firstFile = first.json as StoredFile;
    expect(firstFile).toMatchObject({ kind: 'pet_image', owner_id: luna, file_name: 'luna.png' });
    expect(await listed()).toEqual([firstFile.id]);

    // without file_id the first image is replaced; with it, the one named
    const second = (await fileCall('POST', image(), anna.token, png(2, 'luna-2.png'))).json as StoredFile;
    const portrait = makePng(12, 12, 3);
    const replaced = await fileCall('PUT', image(), anna.token, { bytes: portrait, type: 'image/png', name: 'portrait.png' });
    expect(replaced.status).toBe(200);
    const portraitFile = replaced.json as StoredFile;
    expect(await listed()).toEqual(expect.arrayContaining([second.id, portraitFile.id]));
    expect(await listed()).toHaveLength(2);
    expect((await fileCall('GET', storePath(anna, `/pet/${luna}/image/${portraitFile.id}`), anna.token)).bytes.equals(portrait)).toBe(true);
    expect(existsSync(join(filesDir, anna.orgaId, 'pet-image', firstFile.id))).toBe(false);
    const named = await fileCall('PUT', image(`?file_id=${second.id}`), anna.token, png(4, 'luna-side.png'));
    expect(named.status).toBe(200);
    const sideFile = named.json as StoredFile;
    expect((await listed()).sort()).toEqual([portraitFile.id, sideFile.id].sort());

    // a file of another pet or kind is not this pet's image; a file_id that is no id is refused; nothing changes
    for (const other of [ids.images[0] ?? '', ids.privacy, firstFile.id]) {
      expect((await fileCall('PUT', image(`?file_id=${other}`), anna.token, png(5, 'x.png'))).status).toBe(404);
      expect((await fileCall('DELETE', image(`?file_id=${other}`), anna.token)).status).toBe(404);
    }
    const bad = await fileCall('DELETE', image('?file_id=abc'), anna.token);
    expect({ status: bad.status, code: (bad.json as ErrorBody).code }).toEqual({ status: 400, code: 'validation_failed' });
    expect((await listed()).sort()).toEqual([portraitFile.id, sideFile.id].sort());

    // DELETE with file_id removes that image and its bytes; without, the first
    const removedSide = await anna.browser.request('DELETE', image(`?file_id=${sideFile.id}`), { token: anna.token });
    expect(removedSide).toMatchObject({ status: 200, body: { deleted: true, file_id: sideFile.id } });
    expect(existsSync(join(filesDir, anna.orgaId, 'pet-image', sideFile.id))).toBe(false);
    const removedFirst = await anna.browser.request('DELETE', image(), { token: anna.token });
    expect(removedFirst).toMatchObject({ status: 200, body: { deleted: true, file_id: portraitFile.id } });
    expect(await listed()).toEqual([]);
    expect((await fileCall('DELETE', image(), anna.token)).status).toBe(404);
  });
});
