import { Injectable } from '@nestjs/common';
import type { OutboundReason, WhatsappTemplateStatus } from '@pawline/contracts';
import {
  MESSAGE_LANGUAGES,
  formatReminderDate,
  formatReminderTime,
  registeredParameters,
  renderRegistered,
  valueWithFallback,
  type MessageLanguage,
} from '@pawline/domain';
import type { ButtonSet, Composition } from '../ports';
import { TemplateRegistry, type RegistrationRow } from '../registry/template-registry.service';
import { SenderService, type ConnectedAccount } from '../sender/sender.service';

/** A template and language to try, in the order they are preferred. */
export type TemplateChoice = { key: string; language: string };

/** What a message's variables are filled from; `at` gives date and time in the store's zone and the template's language. */
export type MessageValues = {
  to: string;
  timeZone: string;
  at: string | null;
  text: Record<string, string | null | undefined>;
  /** values worded in the language of the template chosen (a label with its value); they win over `text` */
  localized?: (language: MessageLanguage) => Record<string, string | null | undefined>;
};

const REASON_OF: Record<WhatsappTemplateStatus, OutboundReason> = {
  pending: 'template_pending',
  approved: 'template_pending',
  rejected: 'template_rejected',
  paused: 'template_paused',
  disabled: 'template_disabled',
  refused: 'template_refused',
};

export const isMessageLanguage = (value: string | null | undefined): value is MessageLanguage =>
  typeof value === 'string' && (MESSAGE_LANGUAGES as readonly string[]).includes(value);

/** The customer's language first, then the salon's: a template not approved in the first falls back (issue 27). */
export function languagesFor(customerLanguage: string | null | undefined, salonLanguage: string): string[] {
  return [...new Set([...(isMessageLanguage(customerLanguage) ? [customerLanguage] : []), salonLanguage])];
}

/**
 * Fills a template as it is registered with WhatsApp: the first choice approved in the salon's account is sent,
 * with its folded parameters (registered-template.ts); when none is, the reason of the first choice is answered
 * so the message is recorded with it, never dropped.
 */
@Injectable()
export class MessageComposer {
  constructor(
    private readonly senders: SenderService,
    private readonly registry: TemplateRegistry,
  ) {}

  /** The account a message goes from; the sandbox's demo gets its templates first (approved at once). */
  async account(orgaId: string): Promise<ConnectedAccount | null> {
    const account = await this.senders.account(orgaId);
    if (account?.connectedVia === 'sandbox' && (await this.senders.row(orgaId))?.templates_due) await this.registry.sync(orgaId);
    return account;
  }

  async compose(orgaId: string, choices: readonly TemplateChoice[], values: MessageValues): Promise<Composition> {
    const account = await this.account(orgaId);
    if (!account?.wabaId) return { refused: 'not_connected', detail: null };
    for (const choice of choices) {
      const row = await this.registry.approved(orgaId, account.wabaId, choice.key, choice.language);
      if (row) return fillRegistration(row, values);
    }
    const first = choices[0];
    const newest = first ? await this.registry.newest(orgaId, account.wabaId, first.key, first.language) : null;
    if (!newest) return { refused: 'template_missing', detail: first ? `${first.key} ${first.language}` : null };
    return { refused: REASON_OF[newest.status], detail: [newest.name, newest.language, newest.reason].filter(Boolean).join(' ') };
  }
}

/**
 * A registration filled: dates and times in the store's zone and the registration's language, names with their
 * fallbacks, optional variables folded (never an empty parameter); an anchor left empty refuses (incomplete_data).
 */
export function fillRegistration(
  row: Pick<RegistrationRow, 'id' | 'name' | 'language' | 'button' | 'body' | 'slots'>,
  values: MessageValues,
): Composition {
  const language = isMessageLanguage(row.language) ? row.language : 'en';
  const context = { timeZone: values.timeZone, language };
  const localized = values.localized?.(language) ?? {};
  const valueOf = (variable: string): string => {
    if (variable === 'date' || variable === 'date_number') {
      const date = formatReminderDate(values.at, context);
      return date !== '' || variable === 'date' ? date : (values.text['number'] ?? '');
    }
    if (variable === 'time') return formatReminderTime(values.at, context);
    return valueWithFallback(variable, variable in localized ? localized[variable] : values.text[variable], language);
  };
  const filled = registeredParameters(row, valueOf);
  if ('emptyAnchor' in filled) return { refused: 'incomplete_data', detail: filled.emptyAnchor };
  return {
    to: values.to,
    templateName: row.name,
    language: row.language,
    parameters: filled.parameters,
    buttons: Math.min(4, Math.max(0, row.button)) as ButtonSet,
    renderedText: renderRegistered(row, filled.parameters),
    registrationId: row.id,
  };
}
