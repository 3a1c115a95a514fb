import type { WhatsappTemplateRegistration } from '@pawline/contracts';
import {
  BOOKING_MESSAGE_KINDS,
  builtInTemplateId,
  type BookingMessageKind,
  type MessageLanguage,
  type TemplateTypeNumber,
} from '@pawline/domain';
import type { RegistrationRow } from './template-registry.service';

const BUILT_IN = /^type:([0-4])$/;
const BOOKING = /^booking:(.+)$/;
const OWN = /^own:([0-9a-f-]{36})$/;

/** A registration as the template list shows it: which of our templates, its language, version, status and reason. */
export function registrationView(row: RegistrationRow): WhatsappTemplateRegistration {
  const builtIn = BUILT_IN.exec(row.template_key);
  const booking = BOOKING.exec(row.template_key);
  const own = OWN.exec(row.template_key);
  const type = builtIn ? (Number(builtIn[1]) as TemplateTypeNumber) : null;
  const kind =
    booking && (BOOKING_MESSAGE_KINDS as readonly string[]).includes(booking[1] ?? '') ? (booking[1] as BookingMessageKind) : null;
  return {
    id: row.id,
    source: builtIn ? 'built_in' : booking ? 'booking' : 'own',
    template_id: type !== null ? builtInTemplateId(type, row.language as MessageLanguage) : (own?.[1] ?? null),
    template_type: type,
    booking_kind: kind,
    name: row.name,
    language: row.language,
    category: row.category,
    version: row.version,
    status: row.status,
    reason: row.reason,
    reason_detail: row.reason_detail,
    status_at: new Date(row.status_at).toISOString(),
  };
}
