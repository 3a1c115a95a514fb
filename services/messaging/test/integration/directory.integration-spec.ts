import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createAppointmentRpc,
  createCustomerRpc,
  createPetRpc,
  deleteAppointmentRpc,
  moveAppointmentRpc,
  updateAppointmentStatusRpc,
  updateCustomerRpc,
} from '@pawline/contracts';
import type { NatsRpcClient, RunningService } from '@pawline/nest-kit';
import { call, createTestEnv, until as pollUntil, type TestEnv } from '@pawline/nest-kit/testing';
import { crmService } from '../../../crm/src/crm.service-definition';
import { identityService } from '../../../identity/src/identity.service-definition';
import { schedulingService } from '../../../scheduling/src/scheduling.service-definition';
import { messagingService } from '../../src/messaging.service-definition';
import { DIRECTORY, type Directory } from '../../src/ports';
import { TEST_SECRET, signUp, type Salon } from './messaging-test-helpers';
import { eventually } from './reminder-test-kit';

jest.setTimeout(180_000);

type AppointmentRow = { local_date: string; hour: number; status: number; deleted: boolean; pets: string[] };

/** What identity, crm and scheduling emit reaches messaging's directory through their real events. */
describe('messaging directory from the real services (identity, crm, scheduling)', () => {
  let env: TestEnv;
  let messaging: RunningService;
  let client: NatsRpcClient;
  let salon: Salon;
  let storeId = '';

  beforeAll(async () => {
    process.env['AUTH_TOKEN_SECRET'] = TEST_SECRET;
    process.env['CRM_FILES_DIR'] = mkdtempSync(join(tmpdir(), 'messaging-directory-'));
    env = await createTestEnv();
    await env.start(identityService);
    await env.start(crmService);
    await env.start(schedulingService);
    messaging = await env.start(messagingService);
    client = env.rpcClient();
    salon = await signUp(client, 'Chiara');
    const [store] = await env.query<{ id: string }>(`SELECT id FROM identity.store WHERE orga_id = $1`, [salon.orgaId]);
    storeId = store?.id ?? '';
  });

  afterAll(async () => {
    await env.dispose();
  });

  it("keeps the store's time zone and country from identity", async () => {
    const [row] = await eventually<{ time_zone: string; country: string; deleted: boolean }>(
      env,
      `SELECT time_zone, country, deleted FROM messaging.dir_store WHERE store_id = $1`,
      [storeId],
    );
    expect(row).toEqual({ time_zone: 'Europe/Rome', country: 'IT', deleted: false });
  });

  it("keeps customers (names, the mobile as E.164 digits, consents) and pets (name, birthday) from crm's events", async () => {
    const directory = messaging.app.get<Directory>(DIRECTORY, { strict: false });
    const scope = { orga_id: salon.orgaId, store_id: storeId };
    const { customer } = await call(
      client,
      createCustomerRpc,
      {
        ...scope,
        first_name: 'Paola',
        last_name: 'Verdi',
        fon: '06 555 1234',
        fon_2: '347 123 4567',
        consent_messages: true,
        consent_reminders: true,
      },
      salon.auth,
    );
    const { pet } = await call(
      client,
      createPetRpc,
      { ...scope, customer_id: customer.id, name: 'Briciola', born: '2021-05-07' },
      salon.auth,
    );
    await eventually(env, `SELECT 1 FROM messaging.dir_pet WHERE pet_id = $1 AND name = 'Briciola' AND born_month_day = 507`, [pet.id]);
    await eventually(env, `SELECT 1 FROM messaging.dir_customer WHERE customer_id = $1`, [customer.id]);
    expect(await directory.customer(salon.orgaId, customer.id)).toEqual({
      customerId: customer.id,
      orgaId: salon.orgaId,
      storeId,
      firstName: 'Paola',
      lastName: 'Verdi',
      phone: '393471234567',
      consentMessages: true,
      consentReminders: true,
      consentMarketing: false,
      language: null,
    });

    await call(client, updateCustomerRpc, { ...scope, customer_id: customer.id, consent_reminders: false }, salon.auth);
    await eventually(env, `SELECT 1 FROM messaging.dir_customer WHERE customer_id = $1 AND NOT consent_reminders`, [customer.id]);
    expect((await directory.customersByPhone(salon.orgaId, '393471234567')).map((c) => c.consentReminders)).toEqual([false]);

    // scheduling knows the pet from crm's event before it may be booked
    await eventually(env, `SELECT 1 FROM scheduling.pet_ref WHERE pet_id = $1`, [pet.id]);
    const booked = await call(
      client,
      createAppointmentRpc,
      { ...scope, appointment: { date: '2027-05-10', hour: 9, min: 30, duration: 60, pet_ids: [pet.id] }, recurring: null },
      salon.auth,
    );
    const id = booked.items[0]?.id ?? '';
    const appointmentRow = () =>
      env.query<AppointmentRow>(
        `SELECT a.local_date::text AS local_date, a.hour, a.status, a.deleted,
                coalesce(array_agg(ap.pet_id::text) FILTER (WHERE ap.pet_id IS NOT NULL), '{}') AS pets
           FROM messaging.dir_appointment a LEFT JOIN messaging.dir_appointment_pet ap ON ap.appointment_id = a.appointment_id
          WHERE a.appointment_id = $1 GROUP BY a.appointment_id`,
        [id],
      );
    const until = async (accept: (row: AppointmentRow | undefined) => boolean) => {
      const found = await pollUntil(
        async () => {
          const [row] = await appointmentRow();
          if (accept(row)) return { row };
          throw new Error(`appointment ${id}: ${JSON.stringify(row)}`);
        },
        { timeoutMs: 10_000, intervalMs: 50 },
      );
      return found.row;
    };
    expect(await until((row) => row !== undefined)).toEqual({
      local_date: '2027-05-10',
      hour: 9,
      status: 0,
      deleted: false,
      pets: [pet.id],
    });

    await call(client, moveAppointmentRpc, { ...scope, appointment_id: id, date: '2027-05-12', hour: 15, min: 0 }, salon.auth);
    expect(await until((row) => row?.local_date === '2027-05-12')).toMatchObject({ hour: 15, status: 0 });

    await call(client, updateAppointmentStatusRpc, { ...scope, appointment_id: id, status: 2 }, salon.auth);
    expect(await until((row) => row?.status === 2)).toMatchObject({ local_date: '2027-05-12' });

    await call(client, deleteAppointmentRpc, { ...scope, appointment_id: id }, salon.auth);
    expect(await until((row) => row?.deleted === true)).toMatchObject({ deleted: true, pets: [] });
  });
});
