import { createHash, randomBytes, randomInt } from 'node:crypto';
import { templateCreationProblem, type CloudTemplateStatus, type TemplateRegistration } from '@pawline/domain';
import type { DataSource, EntityManager } from 'typeorm';
import { rowsOf } from '../inbox/notification.service';
import { BusinessApiError, type PhoneNumberStatus, type ProviderTemplate, type WhatsAppBusinessApi } from '../ports';

// The sandbox's WhatsApp Business Platform (MESSAGING_PROVIDER=sandbox): what Embedded Signup, the manual
// connection and template management ask of Meta, kept in Postgres so every messaging process sees the same
// accounts. It refuses what the Cloud API refuses (libs/domain cloud-api-rules.ts, as tools/fake-whatsapp does).

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A Graph-like id of 15 digits starting with `first` (sandbox ids cannot be mistaken for Meta's). */
export function sandboxGraphId(first: '7' | '8' | '9'): string {
  return `${first}${Array.from({ length: 14 }, () => randomInt(10)).join('')}`;
}

type Runner = Pick<EntityManager, 'query'>;

/** An account with its number, as Embedded Signup's popup creates it (or the sandbox's demo for a salon with none). */
export async function createSandboxAccount(
  runner: Runner,
  input: { businessName: string; displayPhoneNumber: string; demo: boolean; phoneNumberId?: string; registered?: boolean },
): Promise<{ wabaId: string; phoneNumberId: string }> {
  const wabaId = sandboxGraphId('8');
  const phoneNumberId = input.phoneNumberId ?? sandboxGraphId('9');
  await runner.query(`INSERT INTO sandbox_account (waba_id, business_name, demo, app_subscribed) VALUES ($1, $2, $3, $3)`, [
    wabaId,
    input.businessName.slice(0, 200),
    input.demo,
  ]);
  await runner.query(
    `INSERT INTO sandbox_phone_number (phone_number_id, waba_id, display_phone_number, verified_name, pin) VALUES ($1, $2, $3, $4, $5)`,
    [phoneNumberId, wabaId, input.displayPhoneNumber.slice(0, 30), input.businessName.slice(0, 200), input.registered ? '000000' : null],
  );
  return { wabaId, phoneNumberId };
}

/** A business token granting these accounts (Embedded Signup's exchange, or the sandbox's manual details). */
export async function grantSandboxToken(runner: Runner, wabaIds: string[]): Promise<string> {
  const token = `sandbox-EAAG${randomBytes(24).toString('base64url')}`;
  await runner.query(`INSERT INTO sandbox_token (token_hash, waba_ids) VALUES ($1, $2)`, [hash(token), wabaIds]);
  return token;
}

/** Embedded Signup's one-time code for an account. */
export async function signupCode(runner: Runner, wabaId: string): Promise<string> {
  const code = `sandbox-code-${randomBytes(16).toString('base64url')}`;
  await runner.query(`INSERT INTO sandbox_signup_code (code_hash, waba_id) VALUES ($1, $2)`, [hash(code), wabaId]);
  return code;
}

type PhoneRow = {
  phone_number_id: string;
  waba_id: string;
  display_phone_number: string;
  verified_name: string;
  quality_rating: string;
  messaging_limit: string;
  pin: string | null;
};
type TemplateRow = { id: string; name: string; language: string; category: string; status: string; reason: string | null };

const phoneOf = (row: PhoneRow): PhoneNumberStatus => ({
  phoneNumberId: row.phone_number_id,
  displayPhoneNumber: row.display_phone_number,
  verifiedName: row.verified_name,
  qualityRating: row.quality_rating,
  messagingLimit: row.messaging_limit,
});

const templateOf = (row: TemplateRow): ProviderTemplate => ({
  providerTemplateId: row.id,
  name: row.name,
  language: row.language,
  category: row.category,
  status: row.status as CloudTemplateStatus,
  reason: row.reason,
});

const invalidToken = () => new BusinessApiError(401, 190, null, 'Invalid OAuth access token');

export class SandboxBusiness implements WhatsAppBusinessApi {
  constructor(private readonly db: DataSource) {}

  async exchangeCode(code: string): Promise<{ accessToken: string }> {
    return this.db.transaction(async (manager) => {
      const [row] = rowsOf<{ waba_id: string }>(
        await manager.query<unknown>(
          `UPDATE sandbox_signup_code SET used_at = now() WHERE code_hash = $1 AND used_at IS NULL
             AND created_at > now() - interval '1 hour' RETURNING waba_id`,
          [hash(code)],
        ),
      );
      if (!row) throw new BusinessApiError(400, 100, 36007, 'Invalid verification code format.');
      return { accessToken: await grantSandboxToken(manager, [row.waba_id]) };
    });
  }

  async sharedAccounts(accessToken: string): Promise<string[]> {
    return this.granted(accessToken);
  }

  async phoneNumbers(accessToken: string, wabaId: string): Promise<PhoneNumberStatus[]> {
    await this.mayManage(accessToken, wabaId);
    const rows = await this.db.query<PhoneRow[]>(`SELECT * FROM sandbox_phone_number WHERE waba_id = $1 ORDER BY phone_number_id`, [
      wabaId,
    ]);
    return rows.map(phoneOf);
  }

  async phoneNumber(accessToken: string, phoneNumberId: string): Promise<PhoneNumberStatus> {
    return phoneOf(await this.phone(accessToken, phoneNumberId));
  }

  async subscribeApp(accessToken: string, wabaId: string): Promise<void> {
    await this.mayManage(accessToken, wabaId);
    await this.db.query(`UPDATE sandbox_account SET app_subscribed = true WHERE waba_id = $1`, [wabaId]);
  }

  async unsubscribeApp(accessToken: string, wabaId: string): Promise<void> {
    await this.mayManage(accessToken, wabaId);
    await this.db.query(`UPDATE sandbox_account SET app_subscribed = false WHERE waba_id = $1`, [wabaId]);
  }

  async register(accessToken: string, phoneNumberId: string, pin: string): Promise<void> {
    const phone = await this.phone(accessToken, phoneNumberId);
    if (!/^\d{6}$/.test(pin)) throw new BusinessApiError(400, 100, null, 'pin must be 6 digits');
    if (phone.pin !== null && phone.pin !== pin) throw new BusinessApiError(400, 133005, null, 'Two step verification PIN Mismatch');
    await this.db.query(`UPDATE sandbox_phone_number SET pin = $2 WHERE phone_number_id = $1`, [phoneNumberId, pin]);
  }

  async createTemplate(accessToken: string, wabaId: string, template: TemplateRegistration): Promise<ProviderTemplate> {
    await this.mayManage(accessToken, wabaId);
    const problem = templateCreationProblem(template);
    if (problem)
      throw new BusinessApiError(problem.status, problem.code, problem.subcode ?? null, `${problem.message}: ${problem.details}`);
    const [account] = await this.db.query<{ demo: boolean }[]>(`SELECT demo FROM sandbox_account WHERE waba_id = $1`, [wabaId]);
    // the demo account (a salon that connected none) has its templates approved at once; the others wait for the review
    const status: CloudTemplateStatus = account?.demo ? 'APPROVED' : 'PENDING';
    const [row] = await this.db.query<TemplateRow[]>(
      `INSERT INTO sandbox_template (id, waba_id, name, language, category, body, parameter_count, buttons, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (waba_id, name, language) DO NOTHING
       RETURNING id, name, language, category, status, reason`,
      [
        sandboxGraphId('7'),
        wabaId,
        template.name,
        template.language,
        template.category,
        template.body,
        template.slots.length,
        JSON.stringify(template.buttons),
        status,
      ],
    );
    if (!row) throw new BusinessApiError(400, 100, 2388024, 'Content in this language already exists');
    return templateOf(row);
  }

  async templates(accessToken: string, wabaId: string, names?: readonly string[]): Promise<ProviderTemplate[]> {
    await this.mayManage(accessToken, wabaId);
    const rows = await this.db.query<TemplateRow[]>(
      `SELECT id, name, language, category, status, reason FROM sandbox_template
        WHERE waba_id = $1 AND ($2::text[] IS NULL OR name = ANY($2::text[])) ORDER BY created_at, id`,
      [wabaId, names && names.length > 0 ? names : null],
    );
    return rows.map(templateOf);
  }

  private async granted(accessToken: string): Promise<string[]> {
    const [row] = await this.db.query<{ waba_ids: string[] }[]>(`SELECT waba_ids FROM sandbox_token WHERE token_hash = $1`, [
      hash(accessToken),
    ]);
    if (!row) throw invalidToken();
    return row.waba_ids;
  }

  private async mayManage(accessToken: string, wabaId: string): Promise<void> {
    if (!(await this.granted(accessToken)).includes(wabaId)) throw invalidToken();
  }

  private async phone(accessToken: string, phoneNumberId: string): Promise<PhoneRow> {
    const [row] = await this.db.query<PhoneRow[]>(`SELECT * FROM sandbox_phone_number WHERE phone_number_id = $1`, [phoneNumberId]);
    if (!row) throw new BusinessApiError(400, 100, 33, 'Unsupported get request. Object with ID does not exist');
    await this.mayManage(accessToken, row.waba_id);
    return row;
  }
}
