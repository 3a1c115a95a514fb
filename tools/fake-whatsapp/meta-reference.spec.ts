import { META_CORRECTIONS, MetaReference, metaReference } from './meta-reference';

// The validator is only as good as its corrections: each is needed (Meta's own examples fail without it) and
// together they make every example of the document that we rely on pass, while a wrong body still fails.

const withoutCorrection = (name: string) => new MetaReference({ corrections: META_CORRECTIONS.filter((c) => c.name !== name) });

const textMessage = {
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to: '393401234567',
  type: 'text',
  text: { preview_url: false, body: 'Ciao!' },
};

const templateMessage = {
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to: '393401234567',
  type: 'template',
  template: {
    name: 'pawline_appointment_reminder_v1',
    language: { policy: 'deterministic', code: 'it' },
    components: [
      { type: 'body', parameters: [{ type: 'text', text: 'Giulia' }] },
      { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: 'confirm:x' }] },
    ],
  },
};

describe("Meta's OpenAPI document as a validator", () => {
  const meta = metaReference();

  it("accepts every example of the document's messages webhook but a shared contact card", () => {
    // groups are not ours, and a contact card's ContactObject is the send schema of that name (we do not read it)
    const examples = Object.entries(meta.examples('webhook')).filter(
      ([name, value]) => name !== 'Contact Sharing Message' && JSON.stringify(value).includes('"field":"messages"'),
    );
    expect(examples.map(([name]) => name)).toEqual(
      expect.arrayContaining(['Text Message', 'Image Message', 'Button Message', 'Unsupported Message']),
    );
    expect(examples.length).toBe(12);
    for (const [name, example] of examples) expect([name, meta.webhookProblems(example)]).toEqual([name, []]);
  });

  it("accepts the document's text messages, and its text-only templates once they name the language policy its schema requires", () => {
    type Body = { type: string; template?: { language: Record<string, unknown>; components?: { type: string }[] } };
    // what the Cloud adapter builds: text, and templates of body text (header images and catalogs are not ours)
    const ours = (body: Body) =>
      body.type === 'text' || (body.type === 'template' && (body.template?.components ?? []).every((c) => c.type === 'body'));
    const examples = Object.entries(meta.examples('message')).filter(([, value]) => ours(value as Body));
    expect(examples.map(([name]) => name)).toEqual(
      expect.arrayContaining(['Send Text Message', 'Send Message Template Text', 'Send Sample Shipping Confirmation Template']),
    );
    for (const [name, example] of examples) {
      const body = structuredClone(example) as Body & { recipient_type?: string };
      // two examples leave out the envelope's required recipient_type; every template example the required policy
      body.recipient_type ??= 'individual';
      if (body.template) body.template.language = { policy: 'deterministic', ...body.template.language };
      expect([name, meta.requestProblems('message', body)]).toEqual([name, []]);
    }
  });

  it('needs each correction: without it, bodies the document itself shows fail', () => {
    expect(withoutCorrection('allOf-additional-properties').requestProblems('message', textMessage)).not.toEqual([]);
    expect(meta.requestProblems('message', textMessage)).toEqual([]);
    expect(withoutCorrection('button-index-pattern').requestProblems('message', templateMessage).join()).toContain('/index');
    expect(meta.requestProblems('message', templateMessage)).toEqual([]);
    const textWebhook = meta.examples('webhook')['Text Message'];
    expect(withoutCorrection('inbound-messages').webhookProblems(textWebhook)).not.toEqual([]);
    expect(meta.webhookProblems(textWebhook)).toEqual([]);
    const numericText = structuredClone(templateMessage);
    (numericText.template.components[0] as { parameters: unknown[] }).parameters = [{ type: 'text', text: 42 }];
    expect(withoutCorrection('discriminator-mapping').requestProblems('message', numericText)).toEqual([]);
    expect(meta.requestProblems('message', numericText)).not.toEqual([]);
  });

  it('refuses what Meta refuses: a property no schema names, a template without a name, a parameter that is not text', () => {
    expect(meta.requestProblems('message', { ...textMessage, urgent: true })).not.toEqual([]);
    const { name: _name, ...nameless } = templateMessage.template;
    expect(meta.requestProblems('message', { ...templateMessage, template: nameless })).not.toEqual([]);
    const numeric = structuredClone(templateMessage);
    (numeric.template.components[0] as { parameters: unknown[] }).parameters = [{ type: 'text', text: 42 }];
    expect(meta.requestProblems('message', numeric)).not.toEqual([]);
  });

  it("reads a template's status update and a value's errors with Meta's webhook reference, and refuses an unknown event", () => {
    const status = (value: Record<string, unknown>) => ({
      object: 'whatsapp_business_account',
      entry: [{ id: '102290129340398', time: 1751247548, changes: [{ field: 'message_template_status_update', value }] }],
    });
    const rejected = {
      event: 'REJECTED',
      message_template_id: 1689556908129835,
      message_template_name: 'pawline_appointment_reminder_v1',
      message_template_language: 'it',
      reason: 'INVALID_FORMAT',
      message_template_category: 'UTILITY',
      rejection_info: { reason: 'Variables at the end', recommendation: 'Add text after the last variable' },
    };
    expect(meta.webhookProblems(status(rejected))).toEqual([]);
    expect(meta.webhookProblems(status({ ...rejected, event: 'MAYBE' }))).not.toEqual([]);
    expect(meta.webhookProblems(status({ ...rejected, message_template_id: '1689556908129835' }))).not.toEqual([]);
    const errors = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
                errors: [
                  { code: 130429, title: 'Rate limit hit', message: 'Rate limit hit', error_data: { details: 'Too many messages' } },
                ],
              },
            },
          ],
        },
      ],
    };
    expect(meta.webhookProblems(errors)).toEqual([]);
  });

  it("checks the template creation and media upload bodies against their operations' schemas", () => {
    const create = {
      name: 'pawline_appointment_reminder_v1',
      language: 'it',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Ciao {{1}}, a domani.', example: { body_text: [['Giulia']] } }],
    };
    expect(meta.requestProblems('templateCreate', create)).toEqual([]);
    expect(meta.requestProblems('templateCreate', { ...create, components: 'BODY' })).not.toEqual([]);
    for (const [name, example] of Object.entries(meta.examples('templateCreate')))
      expect([name, meta.requestProblems('templateCreate', example)]).toEqual([name, []]);
    expect(meta.requestProblems('mediaUpload', { messaging_product: 'whatsapp', file: 'bytes', type: 'image/jpeg' })).toEqual([]);
    expect(meta.requestProblems('mediaUpload', { messaging_product: 7 })).not.toEqual([]);
  });
});
