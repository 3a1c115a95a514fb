import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { IDENTITY_ENTITIES, IDENTITY_MIGRATIONS } from '../../src/identity.entities';

const adminUrl = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

describe('identity migrations', () => {
  const database = `pawline_t_identity_mig_${randomBytes(4).toString('hex')}`;
  let dataSource: DataSource;

  beforeAll(async () => {
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${database}"`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    const setup = new Client({ connectionString: url.toString() });
    await setup.connect();
    await setup.query('CREATE SCHEMA identity');
    await setup.end();
    dataSource = new DataSource({
      type: 'postgres',
      url: url.toString(),
      schema: 'identity',
      entities: IDENTITY_ENTITIES,
      migrations: IDENTITY_MIGRATIONS,
      extra: { options: '-c search_path=identity,public' },
    });
    await dataSource.initialize();
    await dataSource.runMigrations();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
  });

  it('creates exactly what the entities describe (no drift)', async () => {
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('enforces case-insensitive unique e-mails', async () => {
    const insert = (id: string, email: string, username: string) =>
      dataSource.query(
        `INSERT INTO person_user (id, email, username, password_hash, first_name, last_name) VALUES ($1, $2, $3, 'x', 'a', 'b')`,
        [id, email, username],
      );
    await insert('00000000-0000-4000-8000-000000000001', 'Anna@Example.com', 'anna');
    await expect(insert('00000000-0000-4000-8000-000000000002', 'anna@example.COM', 'anna2')).rejects.toThrow(/uq_person_user_email_lower/);
    await expect(insert('00000000-0000-4000-8000-000000000003', 'other@example.com', 'ANNA')).rejects.toThrow(
      /uq_person_user_username_lower/,
    );
  });
});
