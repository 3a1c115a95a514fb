import { renderWhatsAppPage } from './whatsapp-page';

const message = {
  id: '5b0d7e4e-7a51-4d8c-9c43-1b0f7b4f2a10',
  direction: 'out' as const,
  channel: 'whatsapp' as const,
  kind: 'template' as const,
  text: 'Hello <b>Anna</b>',
  buttons: [
    { label: 'Confirm', payload: 'confirm:"x"' },
    { label: 'Decline', payload: 'decline:x' },
  ],
  media: null,
  provider_message_id: 'sandbox.1',
  status: 'delivered',
  created_at: '2027-03-01T10:30:00.000Z',
};

describe('the /dev/whatsapp page', () => {
  it('shows the conversation with its quick replies, escaping what the salon wrote, and loads its script from a file', () => {
    const html = renderWhatsAppPage({
      conversations: [{ orga_id: 'o', phone_number_id: 'sandbox-a', customer: '393401234567', messages: 1, last_at: message.created_at }],
      selected: { phone_number_id: 'sandbox-a', customer: '393401234567' },
      messages: [message],
    });
    expect(html).toContain('Hello &lt;b&gt;Anna&lt;/b&gt;');
    expect(html).toContain('data-payload="confirm:&quot;x&quot;">Confirm</button>');
    expect(html).toContain('Delivered ✓✓');
    expect(html).toContain('<script src="/dev/whatsapp/whatsapp-page.js"></script>');
    expect(html).not.toMatch(/<script>/);
  });

  it('asks for a conversation when none is chosen', () => {
    expect(renderWhatsAppPage({ conversations: [], selected: null, messages: [] })).toContain('Choose a conversation');
  });
});
