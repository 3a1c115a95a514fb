import { randomBytes, randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SENDER_CAP_PER_SECOND_DEFAULT, type MessagingSender, type RpcRequest, updateMessagingSenderRpc } from '@pawline/contracts';
import { RpcError } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import { MESSAGING_CORE_CONFIG, type MessagingCoreConfig } from '../core/messaging-core.config';
import type { SenderCredentials, SenderDirectory } from '../ports';
import { encryptToken, openToken } from './token-cipher';

export type SenderFields = Omit<RpcRequest<typeof updateMessagingSenderRpc>, 'orga_id'>;

type SenderRow = {
  orga_id: string;
  phone_number_id: string;
  display_phone: string | null;
  access_token_enc: string;
  cap_per_second: number;
  sandbox: boolean;
  updated_at: Date;
};

const TAKEN = () => new RpcError('conflict', { fields: { phone_number_id: 'The id is already in use' } });

/** Sandbox phone number ids start with 9 and have 15 digits, so they cannot be mistaken for Meta's. */
function sandboxPhoneNumberId(): string {
  return `9${Array.from({ length: 14 }, () => randomInt(10)).join('')}`;
}

function view(orgaId: string, row: SenderRow | undefined): MessagingSender {
  if (!row) {
    return {
      orga_id: orgaId,
      configured: false,
      sandbox: false,
      phone_number_id: null,
      display_phone: null,
      has_access_token: false,
      cap_per_second: SENDER_CAP_PER_SECOND_DEFAULT,
      updated_at: null,
    };
  }
  return {
    orga_id: orgaId,
    configured: true,
    sandbox: row.sandbox,
    phone_number_id: row.phone_number_id,
    display_phone: row.display_phone,
    has_access_token: row.access_token_enc.length > 0,
    cap_per_second: row.cap_per_second,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/**
 * Organizations' WhatsApp senders (the SenderDirectory port). Tokens are decrypted only on the way to
 * a provider call. With the sandbox provider an organization without a sender gets a generated one on
 * first use, so reminders work on one machine out of the box.
 */
@Injectable()
export class SenderService implements SenderDirectory {
  constructor(
    private readonly db: DataSource,
    @Inject(MESSAGING_CORE_CONFIG) private readonly config: MessagingCoreConfig,
  ) {}

  async get(orgaId: string): Promise<MessagingSender> {
    return view(orgaId, await this.row(orgaId));
  }

  async update(orgaId: string, fields: SenderFields): Promise<MessagingSender> {
    try {
      return await this.write(orgaId, fields);
    } catch (error) {
      // two organizations claiming one number at once: the unique index decides, the loser gets 409
      const failure = error as { code?: string; driverError?: { code?: string } };
      if ((failure.code ?? failure.driverError?.code) === '23505') throw TAKEN();
      throw error;
    }
  }

  private async write(orgaId: string, fields: SenderFields): Promise<MessagingSender> {
    return this.db.transaction(async (manager) => {
      const [current] = await manager.query<SenderRow[]>(`SELECT * FROM messaging_sender WHERE orga_id = $1 FOR UPDATE`, [orgaId]);
      // a generated sandbox token is not the organization's: a real sender brings its own
      const keepToken = current && !current.sandbox ? current.access_token_enc : null;
      if (!fields.access_token && !keepToken) throw new RpcError('validation_failed', { fields: { access_token: 'Required' } });
      const sealed = fields.access_token ? encryptToken(this.config.secretKey, fields.access_token) : keepToken!;
      const [taken] = await manager.query<{ orga_id: string }[]>(
        `SELECT orga_id FROM messaging_sender WHERE phone_number_id = $1 AND orga_id <> $2`,
        [fields.phone_number_id, orgaId],
      );
      if (taken) throw TAKEN();
      const [row] = await manager.query<SenderRow[]>(
        `INSERT INTO messaging_sender (orga_id, phone_number_id, display_phone, access_token_enc, cap_per_second, sandbox)
         VALUES ($1, $2, $3, $4, $5, false)
         ON CONFLICT (orga_id) DO UPDATE SET phone_number_id = EXCLUDED.phone_number_id, display_phone = EXCLUDED.display_phone,
           access_token_enc = EXCLUDED.access_token_enc, cap_per_second = EXCLUDED.cap_per_second, sandbox = false, updated_at = now()
         RETURNING *`,
        [orgaId, fields.phone_number_id, fields.display_phone, sealed, fields.cap_per_second],
      );
      return view(orgaId, row);
    });
  }

  async senderFor(orgaId: string): Promise<SenderCredentials | null> {
    let row = await this.row(orgaId);
    if (!row && this.config.provider === 'sandbox') row = await this.createSandboxSender(orgaId);
    if (!row) return null;
    return {
      orgaId,
      phoneNumberId: row.phone_number_id,
      accessToken: openToken(this.config, row.access_token_enc).token,
      capPerSecond: row.cap_per_second,
    };
  }

  async orgaOfPhoneNumberId(phoneNumberId: string): Promise<string | null> {
    const [row] = await this.db.query<{ orga_id: string }[]>(`SELECT orga_id FROM messaging_sender WHERE phone_number_id = $1`, [
      phoneNumberId,
    ]);
    return row?.orga_id ?? null;
  }

  private async row(orgaId: string): Promise<SenderRow | undefined> {
    const [row] = await this.db.query<SenderRow[]>(`SELECT * FROM messaging_sender WHERE orga_id = $1`, [orgaId]);
    return row;
  }

  /** One per organization even when two sends ask at once (ON CONFLICT keeps the first). */
  private async createSandboxSender(orgaId: string): Promise<SenderRow | undefined> {
    await this.db.query(
      `INSERT INTO messaging_sender (orga_id, phone_number_id, display_phone, access_token_enc, cap_per_second, sandbox)
       VALUES ($1, $2, NULL, $3, $4, true) ON CONFLICT (orga_id) DO NOTHING`,
      [
        orgaId,
        sandboxPhoneNumberId(),
        encryptToken(this.config.secretKey, `sandbox-${randomBytes(24).toString('hex')}`),
        SENDER_CAP_PER_SECOND_DEFAULT,
      ],
    );
    return this.row(orgaId);
  }
}
