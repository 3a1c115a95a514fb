/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BASE, mountMessages, ORGA, templateRow, TEMPLATE_0, TEMPLATE_1, TEMPLATE_2, TEMPLATE_4 } from '../testing/messages-harness';
import { bookingRegistrations } from './TemplateReview';

const PATH = `${BASE}/templates`;
const OWN = '60000000-0000-4000-8000-000000000001';

function review(status: string, extra: Record<string, unknown> = {}) {
  return { status, reason: null, reason_detail: null, name: 'pawline_reminder_v1', version: 1, ...extra };
}

function registration(id: number, kind: string, language: string, status: string, version = 1, reason: string | null = null) {
  return {
    id: `90000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    source: 'booking',
    template_id: null,
    template_type: null,
    booking_kind: kind,
    name: `pawline_${kind}_v${version}`,
    language,
    category: 'UTILITY',
    version,
    status,
    reason,
    reason_detail: null,
    status_at: '2026-12-01T10:00:00Z',
  };
}

type Sent = { method: string; path: string; body: unknown };

/** Templates as messaging answers them once the salon's number is connected: each with WhatsApp's review of it. */
function gateway(sent: Sent[]) {
  let own: Record<string, unknown> = templateRow(OWN, {
    orga_id: ORGA,
    built_in: false,
    title: 'Summer offer',
    template_type: 3,
    template_text: 'Hello {{1}}, 20% off this summer!',
    variables_str: 'first_name',
    frequency: null,
    button: 0,
    whatsapp: review('rejected', {
      reason: 'PROMOTIONAL',
      reason_detail: 'This template contains promotional content.',
      name: 'own_summer_offer_v1',
    }),
  });
  return (url: URL, method: string, body: unknown) => {
    const path = decodeURIComponent(url.pathname);
    if (path.endsWith('/msg/templates'))
      return {
        body: {
          v: [
            templateRow(TEMPLATE_0, { whatsapp: review('approved') }),
            templateRow(TEMPLATE_4, { template_type: 4, title: 'Two days before', whatsapp: review('pending') }),
            templateRow(TEMPLATE_1, { template_type: 1, title: 'Birthday', whatsapp: review('paused') }),
            templateRow(TEMPLATE_2, { template_type: 2, title: 'Time to book', whatsapp: null }),
            own,
          ],
        },
      };
    if (path.endsWith('/msg/whatsapp/templates'))
      return {
        body: {
          v: [
            registration(1, 'booking_confirmed', 'it', 'rejected', 1, 'TAG_CONTENT_MISMATCH'),
            registration(2, 'booking_confirmed', 'it', 'approved', 2),
            registration(3, 'booking_received', 'it', 'pending'),
          ],
        },
      };
    if (path.endsWith('/msg/preview')) return { body: { text: 'Hello Maria, 20% off!', parameters: ['Maria'], appointment_id: null } };
    if (method === 'PUT') {
      sent.push({ method, path, body });
      own = { ...own, ...(body as object), whatsapp: review('pending', { name: 'own_summer_offer_v2', version: 2 }) };
      return { body: own };
    }
    return undefined;
  };
}

describe("R3.13 templates: WhatsApp's review (issue 27)", () => {
  it("shows each template's review at WhatsApp, a rejection's reason in the user's language with Meta's words, and what is held back", async () => {
    mountMessages({ path: PATH, handler: gateway([]), language: 'it' });
    await screen.findByTestId('templates-page');
    const statuses = screen.getAllByTestId('template-meta-status').map((b) => [b.getAttribute('data-status'), b.textContent]);
    expect(statuses).toEqual(
      expect.arrayContaining([
        ['approved', 'Approvato da WhatsApp'],
        ['pending', 'In revisione presso WhatsApp'],
        ['paused', 'Sospeso da WhatsApp'],
        ['none', 'Non ancora inviato a WhatsApp'],
        ['rejected', 'Rifiutato da WhatsApp'],
      ]),
    );
    const own = screen.getAllByTestId('template').find((card) => card.textContent?.includes('Summer offer'))!;
    expect(within(own).getByTestId('template-meta-reason').textContent).toBe(
      'Il testo è promozionale ma è stato inviato come messaggio di servizio.',
    );
    expect(within(own).getByTestId('template-meta-detail').textContent).toBe(
      'Parole di WhatsApp: This template contains promotional content.',
    );
    expect(own.textContent).toContain('I messaggi con questo modello non vengono inviati finché WhatsApp non lo approva.');
    const birthday = screen.getAllByTestId('template').find((card) => card.textContent?.includes('Birthday'))!;
    expect(within(birthday).getByTestId('template-meta-reason').textContent).toContain('WhatsApp lo ha sospeso');
    // an approved one says nothing more
    const approved = screen.getAllByTestId('template').find((card) => card.textContent?.includes('Appointment reminder'))!;
    expect(within(approved).queryByTestId('template-meta-reason')).toBeNull();
  });

  it('a rejected own template is corrected and submitted again: a new version, under review', async () => {
    const sent: Sent[] = [];
    const { bridge } = mountMessages({ path: PATH, handler: gateway(sent) });
    await screen.findByTestId('templates-page');
    fireEvent.click(screen.getByTestId('template-resubmit'));
    expect(screen.getByTestId('template-submit-note').textContent).toContain('Saving submits the template to WhatsApp for review');
    fireEvent.change(screen.getByTestId('template-text'), { target: { value: 'Hello {{1}}, your summer grooming slots are open.' } });
    fireEvent.click(screen.getByTestId('template-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PUT',
      path: `/api/v1/orga/${ORGA}/msg/template/${OWN}`,
      body: expect.objectContaining({ template_text: 'Hello {{1}}, your summer grooming slots are open.', variables_str: 'first_name' }),
    });
    expect(bridge.notify).toHaveBeenCalledWith(2, 'Template saved. WhatsApp reviews it before it can be sent.');
    await waitFor(() => expect(screen.queryByTestId('template-resubmit')).toBeNull());
    const own = screen.getAllByTestId('template').find((card) => card.textContent?.includes('Summer offer'))!;
    expect(within(own).getByTestId('template-meta-status').getAttribute('data-status')).toBe('pending');
    expect(own.textContent).toContain('Version 2');
  });

  it("lists the booking messages' newest registration per language with its review", async () => {
    mountMessages({ path: PATH, handler: gateway([]) });
    const booking = await screen.findByTestId('booking-messages');
    const cards = within(booking).getAllByTestId('booking-message');
    expect(cards.map((c) => c.textContent)).toEqual([
      expect.stringContaining('Booking confirmed'),
      expect.stringContaining('Request received'),
    ]);
    expect(within(cards[0]).getByTestId('template-meta-status').getAttribute('data-status')).toBe('approved');
    expect(cards[0].textContent).toContain('Version 2');
    expect(within(cards[1]).getByTestId('template-meta-status').textContent).toBe('Under review at WhatsApp');
  });

  it('keeps only the newest version of each booking message and language, and no other source', () => {
    const own = { ...registration(9, 'booking_received', 'de', 'approved'), source: 'own', booking_kind: null };
    expect(
      bookingRegistrations([
        registration(1, 'booking_declined', 'de', 'rejected', 1),
        registration(2, 'booking_declined', 'de', 'pending', 3),
        registration(3, 'booking_declined', 'de', 'approved', 2),
        registration(4, 'booking_declined', 'it', 'approved', 1),
        own,
      ] as Parameters<typeof bookingRegistrations>[0]).map((r) => `${r.booking_kind}/${r.language}/v${r.version}`),
    ).toEqual(['booking_declined/de/v3', 'booking_declined/it/v1']);
  });
});
