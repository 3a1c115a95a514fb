import { inboundMessageReceivedEvent, providerStatusReceivedEvent } from '@pawline/contracts';
import fc from 'fast-check';
import { signWebhook } from '../../../../tools/fake-whatsapp/fake-whatsapp-server';
import { readTemplateStatuses, readWhatsAppWebhook, secretEquals, signatureMatches } from './whatsapp-webhook';

const NOW = new Date('2027-03-01T10:00:00.000Z');
const value = (extra: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: 'waba',
      changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { phone_number_id: '111' }, ...extra } }],
    },
  ],
});

describe('X-Hub-Signature-256', () => {
  it('accepts the HMAC of the raw bytes with the app secret and refuses any other body, secret or header', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (bytes, secret, other) => {
        const body = Buffer.from(bytes);
        const header = signWebhook(secret, body);
        if (!signatureMatches(secret, body, header)) return false;
        if (other !== secret && signatureMatches(other, body, header)) return false;
        if (signatureMatches(secret, Buffer.concat([body, Buffer.from(' ')]), header)) return false;
        return !signatureMatches(secret, body, header.slice(0, -1)) && !signatureMatches(secret, body, '');
      }),
    );
  });

  it('compares verify tokens of any length without throwing', () => {
    expect(secretEquals('token', 'token')).toBe(true);
    expect(secretEquals('token', 'token2')).toBe(false);
    expect(secretEquals('', 'token')).toBe(false);
  });
});

describe('readWhatsAppWebhook', () => {
  it('reads statuses with their time and first error, skipping ones we do not track', () => {
    const [change] = readWhatsAppWebhook(
      value({
        statuses: [
          { id: 'wamid.1', status: 'delivered', timestamp: '1803900000', recipient_id: '393401234567' },
          {
            id: 'wamid.2',
            status: 'failed',
            timestamp: '1803900001',
            recipient_id: '393401234567',
            errors: [{ code: 131026, title: 'Message undeliverable' }],
          },
          { id: 'wamid.3', status: 'deleted', timestamp: '1803900002' },
        ],
      }),
      'whatsapp_cloud',
      NOW,
    );
    expect(change?.phoneNumberId).toBe('111');
    expect(change?.skipped).toBe(1);
    expect(change?.statuses).toEqual([
      {
        provider: 'whatsapp_cloud',
        provider_message_id: 'wamid.1',
        status: 'delivered',
        at: '2027-03-01T11:20:00.000Z',
        error_code: null,
        error_title: null,
      },
      {
        provider: 'whatsapp_cloud',
        provider_message_id: 'wamid.2',
        status: 'failed',
        at: '2027-03-01T11:20:01.000Z',
        error_code: 131026,
        error_title: 'Message undeliverable',
      },
    ]);
    for (const status of change?.statuses ?? [])
      expect(() => providerStatusReceivedEvent.payload.parse({ orga_id: crypto.randomUUID(), ...status })).not.toThrow();
  });

  it('reads text, a template quick reply, an interactive reply and a photo, with the sender’s profile name and context', () => {
    const base = (id: string) => ({ from: '393401234567', id, timestamp: '1803900000', context: { from: '111', id: 'wamid.ours' } });
    const [change] = readWhatsAppWebhook(
      value({
        contacts: [{ profile: { name: 'Anna' }, wa_id: '393401234567' }],
        messages: [
          { ...base('in.1'), type: 'text', text: { body: 'Grazie!' } },
          { ...base('in.2'), type: 'button', button: { payload: 'confirm:abc', text: 'Confirm' } },
          {
            ...base('in.3'),
            type: 'interactive',
            interactive: { type: 'button_reply', button_reply: { id: 'decline:abc', title: 'Decline' } },
          },
          { ...base('in.4'), type: 'image', image: { id: '9001', mime_type: 'image/jpeg', caption: 'Fido now' } },
          { ...base('in.5'), type: 'reaction', reaction: { emoji: '👍' } },
          { from: 'not-a-number', id: 'in.6', type: 'text', text: { body: 'x' } },
        ],
      }),
      'whatsapp_cloud',
      NOW,
    );
    expect(change?.skipped).toBe(2);
    expect(change?.messages.map((m) => [m.kind, m.text, m.button_payload, m.media])).toEqual([
      ['text', 'Grazie!', null, []],
      ['button', 'Confirm', 'confirm:abc', []],
      ['button', 'Decline', 'decline:abc', []],
      ['media', 'Fido now', null, [{ media_id: '9001', mime_type: 'image/jpeg', caption: 'Fido now' }]],
    ]);
    expect(change?.messages[0]).toMatchObject({ profile_name: 'Anna', context_message_id: 'wamid.ours', from: '393401234567' });
    for (const message of change?.messages ?? [])
      expect(() => inboundMessageReceivedEvent.payload.parse({ orga_id: crypto.randomUUID(), ...message })).not.toThrow();
  });

  it("accepts a sender written with '+' (as Meta's own examples write it) or as a business-scoped user id, never dropping it", () => {
    const [change] = readWhatsAppWebhook(
      value({
        contacts: [
          { profile: { name: 'Sheena' }, wa_id: '16505551234' },
          { profile: { name: 'Hidden' }, user_id: 'US.13491208655302741918' },
        ],
        messages: [
          { from: '+16505551234', id: 'in.plus', timestamp: '1803900000', type: 'text', text: { body: 'Hi' } },
          { from_user_id: 'US.13491208655302741918', id: 'in.bsuid', timestamp: '1803900000', type: 'text', text: { body: 'Hello' } },
          { from: 'IT.ENT.11815799212886844830', id: 'in.ent', timestamp: '1803900000', type: 'text', text: { body: 'Ciao' } },
        ],
      }),
      'whatsapp_cloud',
      NOW,
    );
    expect(change?.skipped).toBe(0);
    expect(change?.messages.map((m) => [m.from, m.profile_name])).toEqual([
      ['16505551234', 'Sheena'],
      ['US.13491208655302741918', 'Hidden'],
      ['IT.ENT.11815799212886844830', 'Sheena'],
    ]);
    for (const message of change?.messages ?? [])
      expect(() => inboundMessageReceivedEvent.payload.parse({ orga_id: crypto.randomUUID(), ...message })).not.toThrow();
  });

  it('reads the errors Meta reports about a number without a message of ours (value.errors)', () => {
    const [change] = readWhatsAppWebhook(
      value({
        errors: [{ code: 130429, title: 'Rate limit hit', message: 'Rate limit hit', error_data: { details: 'Too many' } }, 'junk'],
      }),
    );
    expect(change?.errors).toEqual([{ code: 130429, title: 'Rate limit hit', details: 'Too many' }]);
  });

  it("reads a template's review (message_template_status_update) with the account, Meta's reason and time", () => {
    const body = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          time: 1803900000,
          changes: [
            {
              field: 'message_template_status_update',
              value: {
                event: 'REJECTED',
                message_template_id: 1689556908129832,
                message_template_name: 'pawline_pet_birthday_v1',
                message_template_language: 'it',
                reason: 'INVALID_FORMAT',
                rejection_info: { reason: 'Variables at the end', recommendation: 'Add text' },
              },
            },
            {
              field: 'message_template_status_update',
              value: { event: 'FLAGGED', message_template_name: 'x', message_template_language: 'it' },
            },
          ],
        },
      ],
    };
    expect(readTemplateStatuses(body)).toEqual([
      {
        wabaId: '102290129340398',
        providerTemplateId: '1689556908129832',
        name: 'pawline_pet_birthday_v1',
        language: 'it',
        status: 'REJECTED',
        reason: 'INVALID_FORMAT',
        detail: 'Variables at the end',
        at: new Date(1803900000 * 1000),
      },
    ]);
    // the review is not read as a message of a number
    expect(readWhatsAppWebhook(body)).toEqual([]);
  });

  it('never throws on arbitrary JSON and yields only payloads the events accept', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (junk) => {
        const changes = readWhatsAppWebhook(value({ statuses: [junk], messages: [junk] }), 'whatsapp_cloud', NOW);
        readWhatsAppWebhook(junk, 'whatsapp_cloud', NOW);
        readTemplateStatuses(junk, NOW);
        return changes.every(
          (c) =>
            c.statuses.every((s) => providerStatusReceivedEvent.payload.safeParse({ orga_id: crypto.randomUUID(), ...s }).success) &&
            c.messages.every((m) => inboundMessageReceivedEvent.payload.safeParse({ orga_id: crypto.randomUUID(), ...m }).success),
        );
      }),
    );
  });
});
