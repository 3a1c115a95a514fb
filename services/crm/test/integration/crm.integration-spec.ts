import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createCustomerRpc,
  createExternalServiceRpc,
  createPetRpc,
  createTagRpc,
  deleteCustomerRpc,
  deleteFileRpc,
  deletePetRpc,
  exportCustomerRpc,
  getCrmSettingsRpc,
  getCustomerRpc,
  getPetRpc,
  listCustomersRpc,
  listExternalServicesRpc,
  listFilesRpc,
  listPetsRpc,
  listTagsRpc,
  readFileRpc,
  updateCrmSettingsRpc,
  updateCustomerRpc,
  updateExternalServiceRpc,
  updatePetRpc,
  updateTagRpc,
  uploadFilePartRpc,
  errorMessage,
  type EventEnvelope,
} from '@pawline/contracts';
import type { NatsRpcClient } from '@pawline/nest-kit';
import { createTestEnv, until, type TestEnv } from '@pawline/nest-kit/testing';
import { identityService } from '../../../identity/src/identity.service-definition';
import { crmService } from '../../src/crm.service-definition';
import { PNG_1X1, TEST_SECRET, call, failureOf, pdfOf, signUp, upload, type Salon } from './crm-test-helpers';

jest.setTimeout(120_000);

describe('crm over NATS and Postgres', () => {
  let env: TestEnv;
  let client: NatsRpcClient;
  let anna: Salon;
  let jurgen: Salon;
  let storeB: string;
  let filesDir: string;
  const published: EventEnvelope[] = [];

  const setSharePets = async (on: boolean) =>
    env.query(`UPDATE identity.organization SET share_pets = $2 WHERE id = $1`, [anna.orgaId, on]);
  const outboxSubjects = async (id: string) =>
    (
      await env.query<{ subject: string }>(
        `SELECT subject FROM crm.outbox_event WHERE (envelope->'data')::text LIKE $1 ORDER BY position`,
        [`%${id}%`],
      )
    ).map((r) => r.subject);

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
    filesDir = mkdtempSync(join(tmpdir(), 'crm-files-'));
    process.env['CRM_FILES_DIR'] = filesDir;
    // share_pets is flipped in the database during the suite: no caching of memberships
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(crmService);
    client = env.rpcClient();
    // what the outbox relay publishes to JetStream also reaches plain subscribers
    const sub = env.nats().subscribe(`${env.subjectPrefix}evt.crm.>`);
    void (async () => {
      for await (const msg of sub) published.push(JSON.parse(msg.string()) as EventEnvelope);
    })();
    anna = await signUp(env, client, 'Anna');
    jurgen = await signUp(env, client, 'Jurgen');
    storeB = randomUUID();
    await env.query(
      `INSERT INTO identity.store (id, orga_id, name, country, time_zone) VALUES ($1, $2, 'Secondo negozio', 'IT', 'Europe/Rome')`,
      [storeB, anna.orgaId],
    );
  });

  afterAll(async () => {
    await env?.dispose();
    if (filesDir) rmSync(filesDir, { recursive: true, force: true });
  });

  const ids = { customer: '', pet: '', pet2: '', customerTag: '', petTag: '', external: '' };

  it('R1.05 R3.20 creates customer and pet tags with an emoji or one of the 31 icons', async () => {
    const vip = await call(client, createTagRpc, { orga_id: anna.orgaId, kind: 'customer', name: 'VIP', emoji: '⭐' }, anna.auth);
    const calm = await call(client, createTagRpc, { orga_id: anna.orgaId, kind: 'pet', name: 'Calm', icon: 31 }, anna.auth);
    ids.customerTag = vip.id;
    ids.petTag = calm.id;
    expect(vip).toMatchObject({ kind: 'customer', name: 'VIP', icon: 0, emoji: '⭐' });
    expect((await failureOf(client, createTagRpc, { orga_id: anna.orgaId, kind: 'pet', name: 'Bad', icon: 32 }, anna.auth)).code).toBe(
      'validation_failed',
    );
    expect((await failureOf(client, createTagRpc, { orga_id: anna.orgaId, kind: 'pet', name: 'None' }, anna.auth)).fields).toEqual({
      icon: 'validation.tagIconOrEmoji',
    });
    const renamed = await call(client, updateTagRpc, { orga_id: anna.orgaId, tag_id: calm.id, name: 'Very calm', tag_order: 2 }, anna.auth);
    expect(renamed).toMatchObject({ name: 'Very calm', icon: 31, tag_order: 2 });
    expect((await call(client, listTagsRpc, { orga_id: anna.orgaId, kind: 'pet' }, anna.auth)).map((t) => t.name)).toEqual(['Very calm']);
    expect(await outboxSubjects(calm.id)).toEqual(['evt.crm.tag.created.v1', 'evt.crm.tag.updated.v1']);
  });

  it('R1.10 R5.14 R8.04 external service ids are unique per organization: server_401 The id is already in use', async () => {
    const first = await call(
      client,
      createExternalServiceRpc,
      { orga_id: anna.orgaId, service_id: 'fatture', name: 'Fatture in Cloud' },
      anna.auth,
    );
    ids.external = first.id;
    const dup = await failureOf(
      client,
      createExternalServiceRpc,
      { orga_id: anna.orgaId, service_id: 'fatture', name: 'Again' },
      anna.auth,
    );
    expect(dup.code).toBe('server_401');
    expect(errorMessage(dup.code, 'en')).toBe('The id is already in use');
    const other = await call(
      client,
      createExternalServiceRpc,
      { orga_id: anna.orgaId, service_id: 'gestionale', name: 'Gestionale' },
      anna.auth,
    );
    expect(
      (
        await failureOf(
          client,
          updateExternalServiceRpc,
          { orga_id: anna.orgaId, external_service_id: other.id, service_id: 'fatture' },
          anna.auth,
        )
      ).code,
    ).toBe('server_401');
    // another organization may use the same id
    await call(client, createExternalServiceRpc, { orga_id: jurgen.orgaId, service_id: 'fatture', name: 'Fatture' }, jurgen.auth);
    expect((await call(client, listExternalServicesRpc, { orga_id: anna.orgaId }, anna.auth)).map((s) => s.service_id)).toEqual([
      'fatture',
      'gestionale',
    ]);
  });

  it('R3.05 R7.07 creates a customer with consents, ordered tags and external ids; get answers customer, tags, external_services', async () => {
    const created = await call(
      client,
      createCustomerRpc,
      {
        orga_id: anna.orgaId,
        store_id: anna.storeId,
        first_name: 'Giulia',
        last_name: 'Bianchi',
        address: 'Via Roma 1',
        city: 'Milano',
        zip_code: '20100',
        country: 'it',
        fon: '+39 333 1234567',
        email: 'giulia.bianchi@example.com',
        veterinary: 'Dr. Verdi',
        consent_messages: true,
        consent_reminders: true,
        consent_marketing: false,
        tags: [{ tag_id: ids.customerTag, tag_order: 0 }],
        external_services: [{ external_service_id: ids.external, entity_id: 'C-42' }],
      },
      anna.auth,
    );
    ids.customer = created.customer.id;
    expect(created.customer).toMatchObject({
      first_name: 'Giulia',
      country: 'IT',
      consent_messages: true,
      consent_marketing: false,
      store_id: anna.storeId,
      privacy_file_id: null,
    });
    const got = await call(client, getCustomerRpc, { orga_id: anna.orgaId, store_id: anna.storeId, customer_id: ids.customer }, anna.auth);
    expect(Object.keys(got).sort()).toEqual(['customer', 'deposit_override', 'external_services', 'no_shows', 'tags']);
    expect(got.no_shows).toBe(0);
    // issue 30: nobody chose yet, so the rule decides
    expect(got.deposit_override).toEqual({ mode: 'automatic', set_by: null, set_at: null });
    expect(got.tags).toEqual([{ tag_id: ids.customerTag, tag_order: 0, name: 'VIP', icon: 0, emoji: '⭐' }]);
    expect(got.external_services).toEqual([
      { external_service_id: ids.external, service_id: 'fatture', name: 'Fatture in Cloud', entity_id: 'C-42' },
    ]);

    const updated = await call(
      client,
      updateCustomerRpc,
      { orga_id: anna.orgaId, store_id: anna.storeId, customer_id: ids.customer, notes: 'Pays cash', tags: [] },
      anna.auth,
    );
    expect(updated.customer.notes).toBe('Pays cash');
    expect(updated.customer.city).toBe('Milano');
    expect(updated.tags).toEqual([]);
    const bad = await failureOf(
      client,
      updateCustomerRpc,
      { orga_id: anna.orgaId, store_id: anna.storeId, customer_id: ids.customer, email: 'nope@' },
      anna.auth,
    );
    expect(bad.fields).toEqual({ email: 'validation.invalidEmail' });
    const strict = await failureOf(
      client,
      createCustomerRpc,
      { orga_id: anna.orgaId, store_id: anna.storeId, first_name: 'X', nickname: 'x' } as never,
      anna.auth,
    );
    expect(strict.code).toBe('validation_failed');
  });

  it("R3.06 R7.07 creates pets with every field and tags; get answers pet, tags; lists by customer with the owner's name", async () => {
    const fido = await call(
      client,
      createPetRpc,
      {
        orga_id: anna.orgaId,
        store_id: anna.storeId,
        customer_id: ids.customer,
        name: 'Fido',
        pet_type: 1,
        breed: 'Beagle',
        hair: 'short',
        size: 'medium',
        sex: 'male',
        born: '2019-05-04',
        weight: 12.5,
        allergies: 'Chicken',
        sterilized: true,
        vaccinated: true,
        colour: 'brindle',
        microchip: '380260000123456',
        attitude: 'Nervous with dryers',
        notes: 'Likes treats',
        medical: 'Otitis 2024',
        tags: [{ tag_id: ids.petTag, tag_order: 0 }],
      },
      anna.auth,
    );
    ids.pet = fido.pet.id;
    expect(fido.pet).toMatchObject({ name: 'Fido', pet_type: 1, born: '2019-05-04', weight: 12.5, colour: 'brindle', image_ids: [] });
    expect(fido.tags.map((t) => t.name)).toEqual(['Very calm']);
    const micia = await call(
      client,
      createPetRpc,
      { orga_id: anna.orgaId, store_id: anna.storeId, customer_id: ids.customer, name: 'Micia', pet_type: 2 },
      anna.auth,
    );
    ids.pet2 = micia.pet.id;
    const updated = await call(
      client,
      updatePetRpc,
      { orga_id: anna.orgaId, store_id: anna.storeId, pet_id: ids.pet2, hair: 'long' },
      anna.auth,
    );
    expect(updated.pet).toMatchObject({ name: 'Micia', pet_type: 2, hair: 'long' });
    const got = await call(client, getPetRpc, { orga_id: anna.orgaId, store_id: anna.storeId, pet_id: ids.pet }, anna.auth);
    expect(Object.keys(got).sort()).toEqual(['pet', 'tags']);
    const list = await call(client, listPetsRpc, { orga_id: anna.orgaId, store_id: anna.storeId, customer_id: ids.customer }, anna.auth);
    expect(list.items.map((p) => p.name)).toEqual(['Fido', 'Micia']);
    // issue 29: the pet list names the owner, and a pet's own fields stay the pet's
    expect(list.items.map((p) => p.owner)).toEqual([
      { first_name: 'Giulia', last_name: 'Bianchi' },
      { first_name: 'Giulia', last_name: 'Bianchi' },
    ]);
    expect(list.items[0]).not.toHaveProperty('owner_first_name');
    expect(
      (
        await failureOf(
          client,
          createPetRpc,
          { orga_id: anna.orgaId, store_id: anna.storeId, customer_id: ids.customer, name: 'X', pet_type: 5 } as never,
          anna.auth,
        )
      ).code,
    ).toBe('validation_failed');
  });

  it('finds the customer by name, phone, e-mail and pet name; sorts and pages by last id; filters by tag', async () => {
    for (const [first, last] of [
      ['Marco', 'Esposito'],
      ['Laura', 'Conti'],
      ['Paolo', 'Ricci'],
    ]) {
      await call(
        client,
        createCustomerRpc,
        {
          orga_id: anna.orgaId,
          store_id: anna.storeId,
          first_name: first,
          last_name: last,
          tags: [{ tag_id: ids.customerTag, tag_order: 0 }],
        },
        anna.auth,
      );
    }
    const search = async (q: string) =>
      (await call(client, listCustomersRpc, { orga_id: anna.orgaId, store_id: anna.storeId, q }, anna.auth)).items.map((c) => c.last_name);
    expect(await search('bianc')).toEqual(['Bianchi']);
    expect(await search('333 123')).toEqual(['Bianchi']);
    expect(await search('giulia.bianchi@')).toEqual(['Bianchi']);
    expect(await search('micia')).toEqual(['Bianchi']);
    expect(await search('zzz')).toEqual([]);
    const page1 = await call(client, listCustomersRpc, { orga_id: anna.orgaId, store_id: anna.storeId, limit: 2 }, anna.auth);
    expect(page1.items.map((c) => c.last_name)).toEqual(['Bianchi', 'Conti']);
    const page2 = await call(
      client,
      listCustomersRpc,
      { orga_id: anna.orgaId, store_id: anna.storeId, limit: 2, last_id: page1.items[1]?.id ?? null },
      anna.auth,
    );
    expect(page2.items.map((c) => c.last_name)).toEqual(['Esposito', 'Ricci']);
    const desc = await call(
      client,
      listCustomersRpc,
      { orga_id: anna.orgaId, store_id: anna.storeId, sort: 'name_desc', limit: 1 },
      anna.auth,
    );
    expect(desc.items.map((c) => c.last_name)).toEqual(['Ricci']);
    const tagged = await call(
      client,
      listCustomersRpc,
      { orga_id: anna.orgaId, store_id: anna.storeId, tag_ids: [ids.customerTag] },
      anna.auth,
    );
    expect(tagged.items.map((c) => c.last_name)).toEqual(['Conti', 'Esposito', 'Ricci']);
    expect(tagged.items[0]?.tags.map((t) => t.name)).toEqual(['VIP']);
  });

  it("R1.11 R6.08 without share_pets each store has its own customers and pets; with it they are the organization's", async () => {
    const inB = await call(
      client,
      createCustomerRpc,
      { orga_id: anna.orgaId, store_id: storeB, first_name: 'Sara', last_name: 'Galli' },
      anna.auth,
    );
    const listA = async () =>
      (await call(client, listCustomersRpc, { orga_id: anna.orgaId, store_id: anna.storeId }, anna.auth)).items.map((c) => c.last_name);
    const listB = async () =>
      (await call(client, listCustomersRpc, { orga_id: anna.orgaId, store_id: storeB }, anna.auth)).items.map((c) => c.last_name);

    await setSharePets(false);
    expect(await listB()).toEqual(['Galli']);
    expect(await listA()).not.toContain('Galli');
    expect(
      (await failureOf(client, getCustomerRpc, { orga_id: anna.orgaId, store_id: storeB, customer_id: ids.customer }, anna.auth)).code,
    ).toBe('not_found');
    expect((await failureOf(client, listCustomersRpc, { orga_id: anna.orgaId, store_id: null }, anna.auth)).code).toBe('forbidden');
    expect((await failureOf(client, listPetsRpc, { orga_id: anna.orgaId, store_id: null }, anna.auth)).code).toBe('forbidden');
    expect((await call(client, listPetsRpc, { orga_id: anna.orgaId, store_id: storeB }, anna.auth)).items).toEqual([]);

    await setSharePets(true);
    expect(await listB()).toEqual(expect.arrayContaining(['Galli', 'Bianchi']));
    const shared = await call(client, listCustomersRpc, { orga_id: anna.orgaId, store_id: null }, anna.auth);
    expect(shared.items.map((c) => c.last_name)).toEqual(['Bianchi', 'Conti', 'Esposito', 'Galli', 'Ricci']);
    expect(
      (await call(client, getCustomerRpc, { orga_id: anna.orgaId, store_id: storeB, customer_id: ids.customer }, anna.auth)).customer
        .last_name,
    ).toBe('Bianchi');
    expect((await call(client, listPetsRpc, { orga_id: anna.orgaId, store_id: null }, anna.auth)).items.map((p) => p.name)).toEqual([
      'Fido',
      'Micia',
    ]);
    await setSharePets(false);
    await call(client, deleteCustomerRpc, { orga_id: anna.orgaId, store_id: storeB, customer_id: inB.customer.id }, anna.auth);
  });

  it('someone of another organization is refused and never sees a row', async () => {
    expect(
      (await failureOf(client, getCustomerRpc, { orga_id: anna.orgaId, store_id: anna.storeId, customer_id: ids.customer }, jurgen.auth))
        .code,
    ).toBe('forbidden');
    expect((await failureOf(client, listCustomersRpc, { orga_id: anna.orgaId, store_id: anna.storeId }, jurgen.auth)).code).toBe(
      'forbidden',
    );
    expect((await failureOf(client, listTagsRpc, { orga_id: anna.orgaId }, jurgen.auth)).code).toBe('forbidden');
    // Anna's ids used in Jürgen's own organization find nothing
    expect(
      (
        await failureOf(
          client,
          getCustomerRpc,
          { orga_id: jurgen.orgaId, store_id: jurgen.storeId, customer_id: ids.customer },
          jurgen.auth,
        )
      ).code,
    ).toBe('not_found');
    expect(
      (await failureOf(client, getPetRpc, { orga_id: jurgen.orgaId, store_id: jurgen.storeId, pet_id: ids.pet }, jurgen.auth)).code,
    ).toBe('not_found');
    expect(
      (await failureOf(client, deletePetRpc, { orga_id: jurgen.orgaId, store_id: jurgen.storeId, pet_id: ids.pet }, jurgen.auth)).code,
    ).toBe('not_found');
    // Anna's store in Jürgen's organization
    expect((await failureOf(client, listCustomersRpc, { orga_id: jurgen.orgaId, store_id: anna.storeId }, jurgen.auth)).code).toBe(
      'forbidden',
    );
    expect((await call(client, listCustomersRpc, { orga_id: jurgen.orgaId, store_id: jurgen.storeId }, jurgen.auth)).items).toEqual([]);
    expect(
      (await failureOf(client, getCustomerRpc, { orga_id: anna.orgaId, store_id: anna.storeId, customer_id: ids.customer }, null)).code,
    ).toBe('unauthorized');
  });

  it('R6.03 the minimum ranks to read and write pets apply', async () => {
    // Jürgen joins Anna's organization as worker2 (rank 4): may read pets (min 4) but not write them (min 3)
    await env.query(`INSERT INTO identity.orga_user (id, orga_id, user_id, rank, employee_status) VALUES ($1, $2, $3, 4, 1)`, [
      randomUUID(),
      anna.orgaId,
      jurgen.userId,
    ]);
    expect((await call(client, getPetRpc, { orga_id: anna.orgaId, store_id: anna.storeId, pet_id: ids.pet }, jurgen.auth)).pet.name).toBe(
      'Fido',
    );
    expect(
      (await failureOf(client, updatePetRpc, { orga_id: anna.orgaId, store_id: anna.storeId, pet_id: ids.pet, notes: 'x' }, jurgen.auth))
        .code,
    ).toBe('forbidden');
    expect((await failureOf(client, createTagRpc, { orga_id: anna.orgaId, kind: 'pet', name: 'x', icon: 1 }, jurgen.auth)).code).toBe(
      'forbidden',
    );
    await env.query(`UPDATE identity.organization SET min_rank_read_pets = 3 WHERE id = $1`, [anna.orgaId]);
    expect((await failureOf(client, getPetRpc, { orga_id: anna.orgaId, store_id: anna.storeId, pet_id: ids.pet }, jurgen.auth)).code).toBe(
      'forbidden',
    );
    await env.query(`UPDATE identity.organization SET min_rank_read_pets = 4 WHERE id = $1`, [anna.orgaId]);
    await env.query(`DELETE FROM identity.orga_user WHERE orga_id = $1 AND user_id = $2`, [anna.orgaId, jurgen.userId]);
  });

  it('R5.13 mandatory customer information (at most 3) is enforced; pet information at checkout is kept', async () => {
    const tooMany = await failureOf(
      client,
      updateCrmSettingsRpc,
      { orga_id: anna.orgaId, mandatory_customer_info: ['fon', 'email', 'city', 'zip_code'] },
      anna.auth,
    );
    expect(tooMany.code).toBe('validation_failed');
    const settings = await call(
      client,
      updateCrmSettingsRpc,
      {
        orga_id: anna.orgaId,
        mandatory_customer_info: ['fon', 'email'],
        pet_checkout: { microchip: 'ask_required', weight: 'ask', breed: 'do_not_ask' },
      },
      anna.auth,
    );
    expect(settings).toEqual({
      orga_id: anna.orgaId,
      mandatory_customer_info: ['fon', 'email'],
      pet_checkout: { microchip: 'ask_required', weight: 'ask', breed: 'do_not_ask' },
    });
    expect(await call(client, getCrmSettingsRpc, { orga_id: anna.orgaId }, anna.auth)).toEqual(settings);
    expect(
      (await failureOf(client, updateCrmSettingsRpc, { orga_id: anna.orgaId, pet_checkout: { microchip: 'always' } } as never, anna.auth))
        .code,
    ).toBe('validation_failed');
    const missing = await failureOf(
      client,
      createCustomerRpc,
      { orga_id: anna.orgaId, store_id: anna.storeId, first_name: 'Nadia', fon: '+39 06 1234567' },
      anna.auth,
    );
    expect(missing.fields).toEqual({ email: 'validation.required' });
    await call(client, updateCrmSettingsRpc, { orga_id: anna.orgaId, mandatory_customer_info: [] }, anna.auth);
  });

  it('R5.10 R9.04 stores pet images (up to 4, png/jpg ≤ 1 MiB) and one privacy file checked by content', async () => {
    const scope = { auth: anna.auth, orgaId: anna.orgaId, storeId: anna.storeId };
    const images = [];
    for (let i = 0; i < 4; i++) images.push(await upload(client, scope, 'pet_image', ids.pet, `fido-${i}.png`, PNG_1X1));
    expect(images[0]).toMatchObject({ kind: 'pet_image', mime: 'image/png', size: PNG_1X1.length, has_thumbnail: true });
    const fifth = await failureOf(
      client,
      uploadFilePartRpc,
      {
        orga_id: anna.orgaId,
        store_id: anna.storeId,
        kind: 'pet_image',
        owner_id: ids.pet,
        upload_id: randomUUID(),
        file_name: 'five.png',
        total_size: PNG_1X1.length,
        offset: 0,
        data_base64: PNG_1X1.toString('base64'),
        last: true,
      },
      anna.auth,
    );
    expect(fifth.fields).toEqual({ file: 'errors.uploadTooMany' });
    expect(fifth.params).toMatchObject({ limit: 4, message: 'Too many files. Limit: 4' });
    expect(
      (await call(client, getPetRpc, { orga_id: anna.orgaId, store_id: anna.storeId, pet_id: ids.pet }, anna.auth)).pet.image_ids,
    ).toEqual(images.map((f) => f.id));

    // a PDF is not a pet image, whatever its name
    const wrong = await failureOf(
      client,
      uploadFilePartRpc,
      {
        orga_id: anna.orgaId,
        store_id: anna.storeId,
        kind: 'pet_image',
        owner_id: ids.pet2,
        upload_id: randomUUID(),
        file_name: 'micia.png',
        total_size: 2000,
        offset: 0,
        data_base64: pdfOf(2000).toString('base64'),
        last: true,
      },
      anna.auth,
    );
    expect(wrong.fields).toEqual({ file: 'errors.uploadWrongType' });
    expect(wrong.params).toMatchObject({ message: 'File got the wrong file type' });
    const tooBig = await failureOf(
      client,
      uploadFilePartRpc,
      {
        orga_id: anna.orgaId,
        store_id: anna.storeId,
        kind: 'pet_image',
        owner_id: ids.pet2,
        upload_id: randomUUID(),
        file_name: 'big.png',
        total_size: 1_048_577,
        offset: 0,
        data_base64: PNG_1X1.toString('base64'),
        last: false,
      },
      anna.auth,
    );
    expect(tooBig.fields).toEqual({ file: 'errors.uploadTooBig' });
    expect(tooBig.params).toMatchObject({ size: '1 MB', message: 'File is too big. Max size: 1 MB' });

    // a 1.9 MB privacy PDF travels in four parts and reads back identical
    const pdf = pdfOf(1_900_000);
    const privacy = await upload(client, scope, 'customer_privacy', ids.customer, 'privacy.pdf', pdf);
    expect(privacy).toMatchObject({ mime: 'application/pdf', size: pdf.length });
    const chunks: Buffer[] = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const part: { data_base64: string; next_offset: number | null } = await call(
        client,
        readFileRpc,
        { orga_id: anna.orgaId, store_id: anna.storeId, file_id: privacy.id, offset },
        anna.auth,
      );
      chunks.push(Buffer.from(part.data_base64, 'base64'));
      offset = part.next_offset;
    }
    expect(Buffer.concat(chunks).equals(pdf)).toBe(true);
    const second = await failureOf(
      client,
      uploadFilePartRpc,
      {
        orga_id: anna.orgaId,
        store_id: anna.storeId,
        kind: 'customer_privacy',
        owner_id: ids.customer,
        upload_id: randomUUID(),
        file_name: 'again.pdf',
        total_size: 100,
        offset: 0,
        data_base64: '',
        last: false,
      },
      anna.auth,
    );
    expect(second.params).toMatchObject({ limit: 1, message: 'Too many files. Limit: 1' });
    expect(
      (await call(client, getCustomerRpc, { orga_id: anna.orgaId, store_id: anna.storeId, customer_id: ids.customer }, anna.auth)).customer
        .privacy_file_id,
    ).toBe(privacy.id);
    expect(
      await call(
        client,
        listFilesRpc,
        { orga_id: anna.orgaId, store_id: anna.storeId, kind: 'customer_privacy', owner_id: ids.customer },
        anna.auth,
      ),
    ).toEqual([privacy]);
    // another organization cannot read it
    expect(
      (
        await failureOf(
          client,
          readFileRpc,
          { orga_id: jurgen.orgaId, store_id: jurgen.storeId, file_id: privacy.id, offset: 0 },
          jurgen.auth,
        )
      ).code,
    ).toBe('not_found');

    await call(client, deleteFileRpc, { orga_id: anna.orgaId, store_id: anna.storeId, file_id: images[3]?.id ?? '' }, anna.auth);
    expect(
      (await call(client, getPetRpc, { orga_id: anna.orgaId, store_id: anna.storeId, pet_id: ids.pet }, anna.auth)).pet.image_ids,
    ).toHaveLength(3);
    expect(await env.query(`SELECT 1 FROM crm.upload_part`)).toEqual([]);
  });

  it('exports a customer as JSON with pets and the list of files', async () => {
    const exported = await call(
      client,
      exportCustomerRpc,
      { orga_id: anna.orgaId, store_id: anna.storeId, customer_id: ids.customer },
      anna.auth,
    );
    expect(exported.customer.last_name).toBe('Bianchi');
    expect(exported.pets.map((p) => p.pet.name)).toEqual(['Fido', 'Micia']);
    expect(exported.pets[0]?.tags.map((t) => t.name)).toEqual(['Very calm']);
    expect(exported.files.map((f) => f.kind).sort()).toEqual(['customer_privacy', 'pet_image', 'pet_image', 'pet_image']);
    expect(exported.external_services[0]?.entity_id).toBe('C-42');
    expect(JSON.parse(JSON.stringify(exported))).toEqual(exported);
  });

  it('R4.20 deleting a customer removes their pets and files and writes the events to the outbox', async () => {
    const stored = (dir: string): string[] =>
      existsSync(dir)
        ? readdirSync(dir, { recursive: true, withFileTypes: true })
            .filter((e) => e.isFile())
            .map((e) => e.name)
        : [];
    // three pet images with their thumbnails and one privacy PDF
    expect(stored(filesDir)).toHaveLength(7);
    const result = await call(
      client,
      deleteCustomerRpc,
      { orga_id: anna.orgaId, store_id: anna.storeId, customer_id: ids.customer },
      anna.auth,
    );
    expect(result).toMatchObject({ deleted: true, file_count: 4 });
    expect(result.pet_ids.sort()).toEqual([ids.pet, ids.pet2].sort());
    expect(await env.query(`SELECT id FROM crm.pet WHERE customer_id = $1`, [ids.customer])).toEqual([]);
    expect(await env.query(`SELECT id FROM crm.stored_file WHERE customer_id = $1`, [ids.customer])).toEqual([]);
    expect(stored(filesDir)).toEqual([]);
    expect((await failureOf(client, getPetRpc, { orga_id: anna.orgaId, store_id: anna.storeId, pet_id: ids.pet }, anna.auth)).code).toBe(
      'not_found',
    );
    expect(await outboxSubjects(ids.pet2)).toEqual(['evt.crm.pet.created.v1', 'evt.crm.pet.updated.v1', 'evt.crm.pet.deleted.v1']);
    const customerEvents = await env.query<{
      subject: string;
      envelope: { orgaId: string; storeId: string; data: Record<string, string> };
    }>(
      `SELECT subject, envelope FROM crm.outbox_event WHERE subject LIKE 'evt.crm.customer.%' AND envelope->'data'->>'customer_id' = $1 ORDER BY position`,
      [ids.customer],
    );
    expect(customerEvents.map((e) => e.subject)).toEqual([
      'evt.crm.customer.created.v1',
      'evt.crm.customer.updated.v1',
      'evt.crm.customer.updated.v1',
      'evt.crm.customer.deleted.v1',
    ]);
    expect(customerEvents[3]?.envelope).toMatchObject({
      orgaId: anna.orgaId,
      storeId: anna.storeId,
      data: { orga_id: anna.orgaId, store_id: anna.storeId, customer_id: ids.customer },
    });
    // and the relay publishes them on the bus, in order
    await until(() => published.some((e) => e.subject === 'evt.crm.customer.deleted.v1'), {
      timeoutMs: 10_000,
      intervalMs: 50,
      what: 'the deletion published',
    });
    const mine = published.filter((e) => (e.data as { customer_id?: string }).customer_id === ids.customer).map((e) => e.subject);
    // issue 30: online booking's copy of the customer hears that they are gone, after the deletion itself
    expect(mine.slice(-4)).toEqual([
      'evt.crm.pet.deleted.v1',
      'evt.crm.pet.deleted.v1',
      'evt.crm.customer.deleted.v1',
      'evt.crm.customer-standing.changed.v1',
    ]);
    expect(published.findLast((e) => e.subject === 'evt.crm.customer-standing.changed.v1')?.data).toMatchObject({
      customer_id: ids.customer,
      deleted: true,
    });
    expect(published.find((e) => e.subject === 'evt.crm.customer.deleted.v1')?.actor).toEqual({ userId: anna.userId, deviceId: null });
  });
});
