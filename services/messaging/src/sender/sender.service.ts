import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { SENDER_CAP_PER_SECOND_DEFAULT, type MessagingSender } from '@pawline/contracts';
import { RpcError } from '@pawline/nest-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { MESSAGING_CORE_CONFIG, type MessagingCoreConfig } from '../core/messaging-core.config';
import type { PhoneNumberStatus, SenderCredentials, SenderDirectory } from '../ports';
import { createSandboxAccount, grantSandboxToken, sandboxGraphId } from '../provider/sandbox-business';
import { encryptToken, openToken } from './token-cipher';

export type SenderRow = {
  orga_id: string;
  phone_number_id: string;
  display_phone: string | null;
  access_token_enc: string;
  cap_per_second: number;
  sandbox: boolean;
  waba_id: string | null;
  status: 'connected' | 'disconnected';
  connected_via: 'embedded_signup' | 'manual' | 'sandbox';
  display_name: string | null;
  quality_rating: string | null;
  messaging_limit: string | null;
  number_read_at: Date | null;
  registration_pin_enc: string | null;
  templates_due: boolean;
  templates_synced_at: Date | null;
  disconnected_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

/** A connected account with its token opened (in memory only, never logged). */
export type ConnectedAccount = SenderCredentials & { wabaId: string | null; connectedVia: SenderRow['connected_via'] };

export type Connection = {
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
  pin: string;
  via: 'embedded_signup' | 'manual';
  number: PhoneNumberStatus;
};

const IN_USE = () => new RpcError('whatsapp_number_in_use', { fields: { phone_number_id: 'whatsapp_number_in_use' } });

function legacyView(orgaId: string, row: SenderRow | undefined): MessagingSender {
  if (!row || row.status !== 'connected') {
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
 * Organizations' WhatsApp numbers (the SenderDirectory port): connected through onboarding (../account), their
 * tokens and PINs sealed and opened only on the way to a provider call. With the sandbox provider an
 * organization that connected none gets a demo number on first use (its templates approved at once), so
 * reminders work on one machine out of the box.
 */
@Injectable()
export class SenderService implements SenderDirectory {
  constructor(
    private readonly db: DataSource,
    @Inject(MESSAGING_CORE_CONFIG) private readonly config: MessagingCoreConfig,
  ) {}

  async get(orgaId: string): Promise<MessagingSender> {
    return legacyView(orgaId, await this.row(orgaId));
  }

  async row(orgaId: string, manager: Pick<EntityManager, 'query'> = this.db): Promise<SenderRow | undefined> {
    const [row] = await manager.query<SenderRow[]>(`SELECT * FROM messaging_sender WHERE orga_id = $1`, [orgaId]);
    return row;
  }

  /** The connected account (the sandbox's demo made first when there is none), or null. */
  async account(orgaId: string): Promise<ConnectedAccount | null> {
    let row = await this.row(orgaId);
    if (!row && this.config.provider === 'sandbox') row = await this.createDemo(orgaId);
    else if (row?.status === 'connected' && row.sandbox && row.waba_id === null) row = await this.upgradeDemo(row);
    if (!row || row.status !== 'connected' || row.access_token_enc === '') return null;
    return {
      orgaId,
      phoneNumberId: row.phone_number_id,
      accessToken: openToken(this.config, row.access_token_enc).token,
      capPerSecond: row.cap_per_second,
      wabaId: row.waba_id,
      connectedVia: row.connected_via,
    };
  }

  async senderFor(orgaId: string): Promise<SenderCredentials | null> {
    const account = await this.account(orgaId);
    return account
      ? { orgaId, phoneNumberId: account.phoneNumberId, accessToken: account.accessToken, capPerSecond: account.capPerSecond }
      : null;
  }

  async orgaOfPhoneNumberId(phoneNumberId: string): Promise<string | null> {
    // a disconnected number's late statuses still find their organization, unless another connected it since
    const [row] = await this.db.query<{ orga_id: string }[]>(
      `SELECT orga_id FROM messaging_sender WHERE phone_number_id = $1 ORDER BY status = 'connected' DESC, updated_at DESC LIMIT 1`,
      [phoneNumberId],
    );
    return row?.orga_id ?? null;
  }

  /** The organization whose connected number belongs to this account (a template's status names the account only). */
  async orgaOfWaba(wabaId: string): Promise<string | null> {
    const [row] = await this.db.query<{ orga_id: string }[]>(
      `SELECT orga_id FROM messaging_sender WHERE waba_id = $1 ORDER BY status = 'connected' DESC, updated_at DESC LIMIT 1`,
      [wabaId],
    );
    return row?.orga_id ?? null;
  }

  /** Saves a connection WhatsApp accepted; another organization's connected number is `whatsapp_number_in_use`. */
  async connect(orgaId: string, connection: Connection): Promise<SenderRow> {
    try {
      return await this.db.transaction(async (manager) => {
        const [taken] = await manager.query<{ orga_id: string }[]>(
          `SELECT orga_id FROM messaging_sender WHERE phone_number_id = $1 AND orga_id <> $2 AND status = 'connected'`,
          [connection.phoneNumberId, orgaId],
        );
        if (taken) throw IN_USE();
        const { number } = connection;
        const [row] = await manager.query<SenderRow[]>(
          `INSERT INTO messaging_sender (orga_id, phone_number_id, display_phone, access_token_enc, cap_per_second, sandbox, waba_id, status,
             connected_via, display_name, quality_rating, messaging_limit, number_read_at, registration_pin_enc, templates_due)
           VALUES ($1, $2, $3, $4, $5, false, $6, 'connected', $7, $8, $9, $10, now(), $11, true)
           ON CONFLICT (orga_id) DO UPDATE SET phone_number_id = EXCLUDED.phone_number_id, display_phone = EXCLUDED.display_phone,
             access_token_enc = EXCLUDED.access_token_enc, sandbox = false, waba_id = EXCLUDED.waba_id, status = 'connected',
             connected_via = EXCLUDED.connected_via, display_name = EXCLUDED.display_name, quality_rating = EXCLUDED.quality_rating,
             messaging_limit = EXCLUDED.messaging_limit, number_read_at = now(), registration_pin_enc = EXCLUDED.registration_pin_enc,
             templates_due = true, disconnected_at = NULL, created_at = now(), updated_at = now()
           RETURNING *`,
          [
            orgaId,
            connection.phoneNumberId,
            number.displayPhoneNumber.slice(0, 30),
            encryptToken(this.config.secretKey, connection.accessToken),
            SENDER_CAP_PER_SECOND_DEFAULT,
            connection.wabaId,
            connection.via,
            number.verifiedName.slice(0, 200),
            number.qualityRating.slice(0, 20),
            number.messagingLimit?.slice(0, 40) ?? null,
            connection.pin ? encryptToken(this.config.secretKey, connection.pin) : null,
          ],
        );
        return row;
      });
    } catch (error) {
      // two organizations connecting one number at once: the partial unique index decides, the loser gets 409
      const failure = error as { code?: string; driverError?: { code?: string } };
      if ((failure.code ?? failure.driverError?.code) === '23505') throw IN_USE();
      throw error;
    }
  }

  /** Nothing is sent any more: the token and PIN are forgotten, the row (and every message) stays. */
  async disconnect(orgaId: string): Promise<SenderRow | undefined> {
    await this.db.query(
      `UPDATE messaging_sender SET status = 'disconnected', access_token_enc = '', registration_pin_enc = NULL, disconnected_at = now(),
         updated_at = now() WHERE orga_id = $1 AND status = 'connected'`,
      [orgaId],
    );
    return this.row(orgaId);
  }

  /** The number as Meta last reported it. */
  async recordNumber(orgaId: string, number: PhoneNumberStatus): Promise<void> {
    await this.db.query(
      `UPDATE messaging_sender SET display_phone = $2, display_name = $3, quality_rating = $4, messaging_limit = $5, number_read_at = now()
       WHERE orga_id = $1 AND status = 'connected'`,
      [
        orgaId,
        number.displayPhoneNumber.slice(0, 30),
        number.verifiedName.slice(0, 200),
        number.qualityRating.slice(0, 20),
        number.messagingLimit?.slice(0, 40) ?? null,
      ],
    );
  }

  /** The templates the organization's account needs may have changed (a language, an own template): the registry looks again. */
  async markTemplatesDue(manager: Pick<EntityManager, 'query'>, orgaId: string): Promise<void> {
    await manager.query(`UPDATE messaging_sender SET templates_due = true WHERE orga_id = $1 AND status = 'connected'`, [orgaId]);
  }

  /** The sandbox's demo: an account, a registered number and a token, one per organization even when two sends ask at once. */
  private async createDemo(orgaId: string): Promise<SenderRow | undefined> {
    await this.db.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('messaging-demo-sender:' || $1))`, [orgaId]);
      if (await this.row(orgaId, manager)) return;
      const phoneNumberId = sandboxGraphId('9');
      const account = await createSandboxAccount(manager, {
        businessName: 'Pawline demo',
        displayPhoneNumber: `+1 555 ${phoneNumberId.slice(-7)}`,
        demo: true,
        phoneNumberId,
        registered: true,
      });
      const token = await grantSandboxToken(manager, [account.wabaId]);
      await manager.query(
        `INSERT INTO messaging_sender (orga_id, phone_number_id, display_phone, access_token_enc, cap_per_second, sandbox, waba_id, status,
           connected_via, display_name, quality_rating, messaging_limit, number_read_at, registration_pin_enc, templates_due)
         VALUES ($1, $2, $3, $4, $5, true, $6, 'connected', 'sandbox', 'Pawline demo', 'GREEN', 'TIER_250', now(), $7, true)`,
        [
          orgaId,
          phoneNumberId,
          `+1 555 ${phoneNumberId.slice(-7)}`,
          encryptToken(this.config.secretKey, token),
          SENDER_CAP_PER_SECOND_DEFAULT,
          account.wabaId,
          encryptToken(this.config.secretKey, '000000'),
        ],
      );
    });
    return this.row(orgaId);
  }

  /** A demo sender made before accounts existed: its number gets the demo account it lacks. */
  private async upgradeDemo(row: SenderRow): Promise<SenderRow | undefined> {
    await this.db.transaction(async (manager) => {
      const [locked] = await manager.query<SenderRow[]>(`SELECT * FROM messaging_sender WHERE orga_id = $1 FOR UPDATE`, [row.orga_id]);
      if (!locked || locked.waba_id !== null) return;
      const account = await createSandboxAccount(manager, {
        businessName: 'Pawline demo',
        displayPhoneNumber: `+1 555 ${row.phone_number_id.slice(-7)}`,
        demo: true,
        phoneNumberId: row.phone_number_id,
        registered: true,
      });
      const token = await grantSandboxToken(manager, [account.wabaId]);
      await manager.query(
        `UPDATE messaging_sender SET waba_id = $2, access_token_enc = $3, connected_via = 'sandbox', templates_due = true WHERE orga_id = $1`,
        [row.orga_id, account.wabaId, encryptToken(this.config.secretKey, token)],
      );
    });
    return this.row(row.orga_id);
  }
}

/** A random 6-digit PIN for the number's two-step verification (stored sealed beside the token). */
export function newRegistrationPin(): string {
  return String(100000 + (randomBytes(4).readUInt32BE(0) % 900000));
}
