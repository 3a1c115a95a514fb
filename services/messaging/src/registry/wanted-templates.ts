import {
  BOOKING_TEMPLATES,
  BUILT_IN_TEMPLATES,
  MESSAGE_LANGUAGES,
  anchorsFor,
  type BookingMessageKind,
  type MessageLanguage,
  type RegistrationSource,
  type TemplateCategory,
} from '@pawline/domain';

// Which of our templates a salon's WhatsApp Business Account needs (issue 27): the built-in ones and the
// booking messages in every language the salon uses (its messages' language and its customers'), and each own
// template in its language and current version.

/** How a registration names the template it is of. */
export type TemplateKey = `type:${number}` | `booking:${BookingMessageKind}` | `own:${string}`;

export type WantedTemplate = RegistrationSource & { key: TemplateKey; version: number; anchors: ReadonlySet<string> };

/** What an own template is when it is registered (message_template's columns). */
export type OwnTemplate = {
  id: string;
  template_type: number;
  template_text: string;
  variables_str: string;
  button: number;
  language: string;
  version: number;
};

/** spec §3 types by WhatsApp category: an appointment's reminders are UTILITY, the rest MARKETING (default-templates.ts). */
export function categoryOfType(type: number): TemplateCategory {
  return type === 0 || type === 4 ? 'UTILITY' : 'MARKETING';
}

/** The variables always filled for a template of this type (with the fallbacks of whatsapp-wording.ts). */
export function anchorsOfType(type: number): ReadonlySet<string> {
  return anchorsFor(type === 0 || type === 4 ? 'appointment' : 'customer');
}

export function anchorsOfBooking(kind: BookingMessageKind): ReadonlySet<string> {
  return anchorsFor(kind === 'booking_declined' ? 'booking_declined' : 'appointment');
}

const isLanguage = (value: string): value is MessageLanguage => (MESSAGE_LANGUAGES as readonly string[]).includes(value);

/** An own template's WhatsApp name: its id (lower-case, no dashes) and version. */
export function ownTemplateName(id: string, version: number): string {
  return `pawline_${id.replace(/-/g, '').slice(0, 20)}_v${version}`;
}

const versionOf = (name: string) => Number(/_v(\d+)$/.exec(name)?.[1] ?? 1);

export function ownWanted(template: OwnTemplate): WantedTemplate | null {
  if (!isLanguage(template.language)) return null;
  return {
    key: `own:${template.id}`,
    name: ownTemplateName(template.id, template.version),
    version: template.version,
    language: template.language,
    category: categoryOfType(template.template_type),
    template_text: template.template_text,
    variables_str: template.variables_str,
    button: Math.min(3, Math.max(0, template.button)) as 0 | 1 | 2 | 3,
    anchors: anchorsOfType(template.template_type),
  };
}

/** Everything the account needs for these languages and own templates. */
export function wantedTemplates(languages: Iterable<string>, own: readonly OwnTemplate[]): WantedTemplate[] {
  const used = new Set([...languages].filter(isLanguage));
  const builtIn: WantedTemplate[] = BUILT_IN_TEMPLATES.filter((template) => used.has(template.language)).map((template) => ({
    key: `type:${template.template_type}`,
    name: template.name,
    version: versionOf(template.name),
    language: template.language,
    category: template.category,
    template_text: template.template_text,
    variables_str: template.variables_str,
    button: template.button,
    anchors: anchorsOfType(template.template_type),
  }));
  const booking: WantedTemplate[] = BOOKING_TEMPLATES.filter((template) => used.has(template.language)).map((template) => ({
    key: `booking:${template.kind}`,
    name: template.name,
    version: versionOf(template.name),
    language: template.language,
    category: template.category,
    template_text: template.template_text,
    variables_str: template.variables_str,
    button: template.button,
    anchors: anchorsOfBooking(template.kind),
  }));
  return [...builtIn, ...booking, ...own.flatMap((template) => ownWanted(template) ?? [])];
}
