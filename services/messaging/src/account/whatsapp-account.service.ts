import { Inject, Injectable } from '@nestjs/common';
import {
  WHATSAPP_TEMPLATE_STATUSES,
  whatsappAccountChangedEvent,
  type WhatsappAccount,
  type WhatsappSignupConfig,
  type WhatsappTemplateStatus,
} from '@pawline/contracts';
import { OutboxService, PawlineLogger, RpcError, SERVICE_CONFIG } from '@pawline/nest-kit';
import { DataSource } from 'typeorm';
import type { MessagingConfig } from '../messaging.config';
import { BusinessApiError, WHATSAPP_BUSINESS, type PhoneNumberStatus, type WhatsAppBusinessApi } from '../ports';
import { TemplateRegistry } from '../registry/template-registry.service';
import { SenderService, newRegistrationPin, type SenderRow } from '../sender/sender.service';

/** The number's status is read from Meta again when the stored one is older than this. */
const NUMBER_FRESH_MS = 5 * 60_000;

type Failure = 'whatsapp_signup_failed' | 'whatsapp_credentials_invalid';

/** WhatsApp's refusal in the user's words (the gateway translates the code); a failure to answer is whatsapp_unavailable. */
function refused(error: unknown, as: Failure, field?: string): RpcError {
  if (error instanceof RpcError) return error;
  if (error instanceof BusinessApiError && error.status >= 400 && error.status < 500) {
    return new RpcError(as, field ? { fields: { [field]: as } } : undefined);
  }
  return new RpcError('whatsapp_unavailable');
}

/**
 * A salon's own WhatsApp number (issue 27): Embedded Signup's server side, a manual connection checked against
 * WhatsApp before it is saved, the number as Meta reports it, and a disconnect that stops sends and keeps history.
 * Connecting submits the salon's templates (TemplateRegistry) right after; the registry's job finishes the work.
 */
@Injectable()
export class WhatsappAccountService {
  private readonly log: PawlineLogger;

  constructor(
    private readonly db: DataSource,
    @Inject(WHATSAPP_BUSINESS) private readonly business: WhatsAppBusinessApi,
    private readonly senders: SenderService,
    private readonly registry: TemplateRegistry,
    private readonly outbox: OutboxService,
    @Inject(SERVICE_CONFIG) private readonly config: MessagingConfig,
    logger: PawlineLogger,
  ) {
    this.log = logger.child({ context: 'WhatsappAccount' });
  }

  signupConfig(): WhatsappSignupConfig {
    if (this.config.MESSAGING_PROVIDER === 'sandbox') {
      return { mode: 'sandbox', app_id: null, config_id: null, graph_version: null, sandbox_popup_path: '/dev/whatsapp/signup' };
    }
    const version = /\/(v\d+\.\d+)\/?$/.exec(this.config.WHATSAPP_API_BASE_URL)?.[1] ?? null;
    return {
      mode: 'meta',
      app_id: this.config.WHATSAPP_APP_ID ?? null,
      config_id: this.config.WHATSAPP_CONFIG_ID ?? null,
      graph_version: version,
      sandbox_popup_path: null,
    };
  }

  /** Embedded Signup's end: the popup's code for a business token, the account and number it named, subscribed and registered. */
  async connect(orgaId: string, input: { code: string; waba_id?: string; phone_number_id?: string }): Promise<WhatsappAccount> {
    let accessToken: string;
    let wabaId: string;
    let number: PhoneNumberStatus;
    const pin = newRegistrationPin();
    try {
      ({ accessToken } = await this.business.exchangeCode(input.code));
      const accounts = await this.business.sharedAccounts(accessToken);
      const chosen = input.waba_id ?? (accounts.length === 1 ? accounts[0] : undefined);
      if (!chosen || !accounts.includes(chosen))
        throw new RpcError('whatsapp_signup_failed', { fields: { waba_id: 'whatsapp_signup_failed' } });
      wabaId = chosen;
      const numbers = await this.business.phoneNumbers(accessToken, wabaId);
      const found = input.phone_number_id
        ? numbers.find((n) => n.phoneNumberId === input.phone_number_id)
        : numbers.length === 1
          ? numbers[0]
          : undefined;
      if (!found) throw new RpcError('whatsapp_signup_failed', { fields: { phone_number_id: 'whatsapp_signup_failed' } });
      number = found;
      await this.business.subscribeApp(accessToken, wabaId);
      await this.business.register(accessToken, number.phoneNumberId, pin);
    } catch (error) {
      this.log.warn('Embedded Signup could not be finished', { orgaId, err: String(error) });
      throw refused(error, 'whatsapp_signup_failed');
    }
    await this.senders.connect(orgaId, { phoneNumberId: number.phoneNumberId, wabaId, accessToken, pin, via: 'embedded_signup', number });
    return this.connected(orgaId);
  }

  /** A salon's existing account: its number must be in the account and the token must reach both, before anything is saved. */
  async connectManually(
    orgaId: string,
    input: { phone_number_id: string; waba_id: string; access_token: string },
  ): Promise<WhatsappAccount> {
    let number: PhoneNumberStatus;
    try {
      const numbers = await this.business.phoneNumbers(input.access_token, input.waba_id);
      const found = numbers.find((n) => n.phoneNumberId === input.phone_number_id);
      if (!found) throw new RpcError('whatsapp_credentials_invalid', { fields: { phone_number_id: 'whatsapp_credentials_invalid' } });
      number = found;
      await this.business.subscribeApp(input.access_token, input.waba_id);
    } catch (error) {
      throw refused(error, 'whatsapp_credentials_invalid', 'access_token');
    }
    // a number already in use on the Cloud API is registered by its business (with a PIN we do not know)
    await this.senders.connect(orgaId, {
      phoneNumberId: input.phone_number_id,
      wabaId: input.waba_id,
      accessToken: input.access_token,
      pin: '',
      via: 'manual',
      number,
    });
    return this.connected(orgaId);
  }

  /** Nothing is sent any more; the app leaves the account's webhooks (when WhatsApp answers); history stays. */
  async disconnect(orgaId: string): Promise<WhatsappAccount> {
    const account = await this.senders.account(orgaId);
    if (account?.wabaId && account.connectedVia !== 'sandbox') {
      await this.business.unsubscribeApp(account.accessToken, account.wabaId).catch((error: unknown) => {
        this.log.warn('leaving the account webhooks failed; the number is disconnected here all the same', { orgaId, err: String(error) });
      });
    }
    await this.senders.disconnect(orgaId);
    await this.announce(orgaId, 'disconnected');
    return this.view(orgaId, false);
  }

  /** The account as the connect screen shows it; Meta is asked again about the number when the stored answer is old. */
  async view(orgaId: string, refresh = true): Promise<WhatsappAccount> {
    let row = await this.senders.row(orgaId);
    if (refresh && row?.status === 'connected' && row.access_token_enc !== '' && this.stale(row)) {
      const account = await this.senders.account(orgaId);
      const number = account ? await this.business.phoneNumber(account.accessToken, account.phoneNumberId).catch(() => null) : null;
      if (number) {
        await this.senders.recordNumber(orgaId, number);
        row = await this.senders.row(orgaId);
      }
    }
    return { ...this.viewOf(orgaId, row), templates: await this.templateCounts(orgaId, row), errors: await this.errors(orgaId) };
  }

  private async connected(orgaId: string): Promise<WhatsappAccount> {
    await this.announce(orgaId, 'connected');
    // the templates are submitted now; a failure is retried by the registry's job
    void this.registry
      .sync(orgaId)
      .catch((error: unknown) => this.log.warn('submitting templates after connecting failed', { orgaId, err: String(error) }));
    return this.view(orgaId, false);
  }

  private stale(row: SenderRow): boolean {
    return (
      row.connected_via !== 'sandbox' && (!row.number_read_at || Date.now() - new Date(row.number_read_at).getTime() > NUMBER_FRESH_MS)
    );
  }

  private viewOf(orgaId: string, row: SenderRow | undefined): Omit<WhatsappAccount, 'templates' | 'errors'> {
    const iso = (value: Date | null | undefined) => (value ? new Date(value).toISOString() : null);
    return {
      orga_id: orgaId,
      status: row ? row.status : 'not_connected',
      connected_via: row?.connected_via ?? null,
      phone_number_id: row?.phone_number_id ?? null,
      waba_id: row?.waba_id ?? null,
      display_phone_number: row?.display_phone ?? null,
      display_name: row?.display_name ?? null,
      quality_rating: row?.quality_rating ?? null,
      messaging_limit: row?.messaging_limit ?? null,
      number_read_at: iso(row?.number_read_at),
      connected_at: iso(row?.created_at),
      disconnected_at: iso(row?.disconnected_at),
    };
  }

  private async templateCounts(orgaId: string, row: SenderRow | undefined): Promise<Record<WhatsappTemplateStatus, number>> {
    const counts = Object.fromEntries(WHATSAPP_TEMPLATE_STATUSES.map((status) => [status, 0])) as Record<WhatsappTemplateStatus, number>;
    if (!row?.waba_id || row.status !== 'connected') return counts;
    const rows = await this.db.query<{ status: WhatsappTemplateStatus; count: string }[]>(
      `SELECT status, count(*) AS count FROM waba_template WHERE orga_id = $1 AND waba_id = $2 GROUP BY status`,
      [orgaId, row.waba_id],
    );
    for (const { status, count } of rows) counts[status] = Number(count);
    return counts;
  }

  private async errors(orgaId: string): Promise<WhatsappAccount['errors']> {
    const rows = await this.db.query<{ code: number | null; title: string; details: string | null; at: Date }[]>(
      `SELECT code, title, details, at FROM whatsapp_account_error WHERE orga_id = $1 ORDER BY at DESC LIMIT 5`,
      [orgaId],
    );
    return rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() }));
  }

  private async announce(orgaId: string, status: 'connected' | 'disconnected'): Promise<void> {
    await this.db.transaction((manager) =>
      this.outbox.add(manager, whatsappAccountChangedEvent, { orga_id: orgaId, status }, { orgaId, storeId: null, actor: null }),
    );
  }
}
