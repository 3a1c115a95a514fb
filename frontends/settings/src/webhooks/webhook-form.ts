import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX, type WebhookEventType } from '@pawline/contracts';

// The webhook endpoint form's rules (issue 33), pure: what the dialog checks before sending. The server
// checks the address itself (https, no private network) and its answer shows at the URL field.

export type WebhookForm = { url: string; description: string; events: WebhookEventType[] };
export type WebhookErrors = Partial<Record<keyof WebhookForm, WebhookProblem>>;
type WebhookProblem =
  | 'validation.required'
  | 'settings.webhookUrlInvalid'
  | 'settings.webhookUrlRefused'
  | 'settings.webhookDescriptionTooLong'
  | 'settings.webhookNoEvent';

export const EMPTY_WEBHOOK_FORM: WebhookForm = { url: '', description: '', events: [] };

/** The events grouped as the dialog shows them. */
export const WEBHOOK_EVENT_GROUPS: readonly {
  group: 'appointment' | 'customer' | 'booking' | 'other';
  events: readonly WebhookEventType[];
}[] = [
  { group: 'appointment', events: WEBHOOK_EVENT_TYPES.filter((e) => e.startsWith('appointment.')) },
  { group: 'customer', events: WEBHOOK_EVENT_TYPES.filter((e) => e.startsWith('customer.') || e.startsWith('pet.')) },
  { group: 'booking', events: WEBHOOK_EVENT_TYPES.filter((e) => e.startsWith('booking_request.')) },
  { group: 'other', events: WEBHOOK_EVENT_TYPES.filter((e) => e.startsWith('campaign.') || e.startsWith('payment.')) },
];

export function validateWebhookForm(form: WebhookForm): WebhookErrors {
  const errors: WebhookErrors = {};
  const url = form.url.trim();
  if (url === '') errors.url = 'validation.required';
  else if (url.length > WEBHOOK_URL_MAX || !/^https?:\/\/[^\s/]+/i.test(url)) errors.url = 'settings.webhookUrlInvalid';
  if (form.description.trim().length > WEBHOOK_DESCRIPTION_MAX) errors.description = 'settings.webhookDescriptionTooLong';
  if (form.events.length === 0) errors.events = 'settings.webhookNoEvent';
  return errors;
}

/** The body of the create call, or of a change with only what differs from the endpoint as it was. */
export function webhookBody(form: WebhookForm): { url: string; description: string; events: WebhookEventType[] } {
  const chosen = new Set(form.events);
  return { url: form.url.trim(), description: form.description.trim(), events: WEBHOOK_EVENT_TYPES.filter((e) => chosen.has(e)) };
}

export function webhookChange(before: WebhookForm, form: WebhookForm): Partial<WebhookForm> {
  const next = webhookBody(form);
  const was = webhookBody(before);
  return {
    ...(next.url !== was.url ? { url: next.url } : {}),
    ...(next.description !== was.description ? { description: next.description } : {}),
    ...(next.events.join() !== was.events.join() ? { events: next.events } : {}),
  };
}
