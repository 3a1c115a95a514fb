import { EMPTY_WEBHOOK_FORM, validateWebhookForm, webhookBody, webhookChange, WEBHOOK_EVENT_GROUPS } from './webhook-form';
import { WEBHOOK_EVENT_TYPES } from '@pawline/contracts';

describe('webhook endpoint form', () => {
  it('asks for a web address and at least one event', () => {
    expect(validateWebhookForm(EMPTY_WEBHOOK_FORM)).toEqual({ url: 'validation.required', events: 'settings.webhookNoEvent' });
    expect(validateWebhookForm({ url: 'hooks.example.com', description: '', events: ['pet.created'] })).toEqual({
      url: 'settings.webhookUrlInvalid',
    });
    expect(validateWebhookForm({ url: ' https://hooks.example.com/in ', description: 'x'.repeat(121), events: ['pet.created'] })).toEqual({
      description: 'settings.webhookDescriptionTooLong',
    });
    expect(validateWebhookForm({ url: 'https://hooks.example.com/in', description: 'CRM', events: ['pet.created'] })).toEqual({});
  });

  it('sends the events in the order of the list, trimmed, and a change with only what differs', () => {
    const form = { url: ' https://a.example/in ', description: ' Site ', events: ['pet.created', 'appointment.created'] as const };
    expect(webhookBody({ ...form, events: [...form.events] })).toEqual({
      url: 'https://a.example/in',
      description: 'Site',
      events: ['appointment.created', 'pet.created'],
    });
    const before = { url: 'https://a.example/in', description: 'Site', events: ['appointment.created' as const] };
    expect(webhookChange(before, { ...before, description: 'Site ' })).toEqual({});
    expect(webhookChange(before, { ...before, events: ['appointment.created', 'campaign.sent'] })).toEqual({
      events: ['appointment.created', 'campaign.sent'],
    });
  });

  it('groups every event once', () => {
    expect(WEBHOOK_EVENT_GROUPS.flatMap((g) => g.events).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
  });
});
