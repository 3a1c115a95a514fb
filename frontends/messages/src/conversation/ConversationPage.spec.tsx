/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BASE, CUSTOMER, mountMessages, ORGA, STORE, templateRow, TEMPLATE_0, TEMPLATE_2 } from '../testing/messages-harness';

const PATH = `${BASE}/customer/${CUSTOMER}`;
const CONVERSATION = `/api/v1/orga/${ORGA}/store/${STORE}/customer/${CUSTOMER}/conversation/`;
const id = (n: number) => `e0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function entries() {
  // newest first, as the server answers
  return [
    {
      id: id(3),
      direction: 'in',
      time: '2026-11-24T09:30:00.000Z',
      text: 'See you tomorrow!',
      kind: 'text',
      status: null,
      attachments: -1,
    },
    {
      id: id(2),
      direction: 'out',
      time: '2026-11-24T09:00:00.000Z',
      text: 'Reminder: Fido tomorrow at 15:30',
      kind: 'reminder',
      status: 5,
      attachments: -1,
    },
    { id: id(1), direction: 'in', time: '2026-11-23T18:00:00.000Z', text: 'Can we move it?', kind: 'text', status: null, attachments: -1 },
  ];
}

const APPOINTMENT = 'a0000000-0000-4000-8000-000000000001';
const UPCOMING = `/api/v1/orga/${ORGA}/store/${STORE}/customer/${CUSTOMER}/appointments/upcoming/none/none`;

function gateway(
  windowUntil: string | null,
  sent: { path: string; body: unknown }[],
  upcoming: { id: string; starts_at: string; time_zone: string }[] = [],
) {
  return (url: URL, method: string, body: unknown) => {
    const path = decodeURIComponent(url.pathname);
    if (path === UPCOMING) return { body: { items: upcoming, treatments: [], pets: [] } };
    if (path.startsWith(CONVERSATION)) return { body: { entries: entries(), attachments: [], reply_window_until: windowUntil } };
    if (path.endsWith(`/customer/${CUSTOMER}`) && method === 'GET')
      return { body: { customer: { id: CUSTOMER, first_name: 'Maria', last_name: 'Bianchi' }, tags: [], external_services: [] } };
    if (path.endsWith('/msg/templates')) {
      const toBook = templateRow(TEMPLATE_2, { template_type: 2, name: 'reminder_to_book', title: 'Reminder to book' });
      return { body: { v: [templateRow(TEMPLATE_0), toBook] } };
    }
    if (method === 'POST') {
      sent.push({ path, body });
      return { status: 202, body: { outbound_id: id(9) } };
    }
    return undefined;
  };
}

describe('conversation', () => {
  it("R4.12 interleaves the customer's messages and ours, oldest first, with the reminder's status", async () => {
    mountMessages({ path: PATH, handler: gateway(null, []) });
    await screen.findByText('See you tomorrow!');
    const lines = screen.getAllByTestId('conversation-entry');
    expect(lines.map((l) => l.getAttribute('data-direction'))).toEqual(['in', 'out', 'in']);
    expect(lines[0].textContent).toContain('Can we move it?');
    expect(within(lines[1]).getByTestId('entry-status').textContent).toBe('WhatsApp failed, SMS will be sent');
    expect(await screen.findByRole('heading', { name: 'Maria Bianchi' })).toBeTruthy();
  });

  it('R5.11 inside the 24-hour window: free text up to 500 characters with a counter, sent to the customer', async () => {
    const sent: { path: string; body: unknown }[] = [];
    const until = new Date(Date.now() + 3600_000).toISOString();
    const { bridge } = mountMessages({ path: PATH, handler: gateway(until, sent) });
    const box = await screen.findByTestId('reply-text');
    expect(screen.getByTestId('reply-counter').textContent).toBe('500 of 500 characters left');
    expect(box.getAttribute('maxlength')).toBe('500');
    fireEvent.change(box, { target: { value: 'Of course, 16:00 works.' } });
    expect(screen.getByTestId('reply-counter').textContent).toBe('477 of 500 characters left');
    fireEvent.click(screen.getByTestId('reply-send'));
    await waitFor(() =>
      expect(sent).toEqual([
        { path: `/api/v1/orga/${ORGA}/store/${STORE}/customer/${CUSTOMER}/msg`, body: { text: 'Of course, 16:00 works.' } },
      ]),
    );
    await waitFor(() => expect(bridge.notify).toHaveBeenCalledWith(2, 'Message added to queue'));
    expect(screen.queryByTestId('reply-window-closed')).toBeNull();
  });

  it('outside the 24-hour window the text is disabled with the reason, and a template is sent instead', async () => {
    const sent: { path: string; body: unknown }[] = [];
    mountMessages({ path: PATH, handler: gateway(null, sent) });
    const closed = await screen.findByTestId('reply-window-closed');
    expect(closed.textContent).toContain('The customer has not written in the last 24 hours');
    expect(screen.getByTestId<HTMLTextAreaElement>('reply-text').disabled).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>('reply-send').disabled).toBe(true);
    await waitFor(() => expect(screen.getByTestId('reply-template').querySelectorAll('option')).toHaveLength(3));
    // issue 27 the same template comes in several languages: each option names its own
    expect(screen.getByTestId('reply-template').querySelectorAll('option')[2].textContent).toBe('Reminder to book (EN)');
    fireEvent.change(screen.getByTestId('reply-template'), { target: { value: TEMPLATE_2 } });
    fireEvent.change(screen.getByTestId('reply-addition'), { target: { value: 'Bring the vaccination booklet' } });
    fireEvent.click(screen.getByTestId('reply-send-template'));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          path: `/api/v1/orga/${ORGA}/store/${STORE}/customer/${CUSTOMER}/msg/template`,
          body: { template_id: TEMPLATE_2, addition: 'Bring the vaccination booklet', appointment_id: null },
        },
      ]),
    );
  });

  it('issue 27 an appointment template asks which upcoming appointment it is about, and sends it linked to that one', async () => {
    const sent: { path: string; body: unknown }[] = [];
    const upcoming = [{ id: APPOINTMENT, starts_at: '2029-03-13T13:30:00.000Z', time_zone: 'Europe/Rome' }];
    mountMessages({ path: PATH, handler: gateway(null, sent, upcoming) });
    await waitFor(() => expect(screen.getByTestId('reply-template').querySelectorAll('option')).toHaveLength(3));
    expect(screen.queryByTestId('reply-appointment')).toBeNull();
    fireEvent.change(screen.getByTestId('reply-template'), { target: { value: TEMPLATE_0 } });
    const picker = await screen.findByRole('combobox', { name: 'Choose the appointment' });
    await waitFor(() => expect(picker.querySelectorAll('option')).toHaveLength(2));
    // the day and time in the store's zone, as the message says them
    expect(picker.querySelectorAll('option')[1].textContent).toBe('Mar 13, 2029, 2:30 PM');
    // no appointment chosen yet: nothing can be sent
    expect(screen.getByTestId<HTMLButtonElement>('reply-send-template').disabled).toBe(true);
    fireEvent.change(picker, { target: { value: APPOINTMENT } });
    expect(screen.getByTestId<HTMLButtonElement>('reply-send-template').disabled).toBe(false);
    fireEvent.click(screen.getByTestId('reply-send-template'));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          path: `/api/v1/orga/${ORGA}/store/${STORE}/customer/${CUSTOMER}/msg/template`,
          body: { template_id: TEMPLATE_0, addition: '', appointment_id: APPOINTMENT },
        },
      ]),
    );
  });

  it('issue 27 an appointment template for a customer without upcoming appointments says so and cannot be sent', async () => {
    mountMessages({ path: PATH, handler: gateway(null, [], []), language: 'it' });
    await waitFor(() => expect(screen.getByTestId('reply-template').querySelectorAll('option')).toHaveLength(3));
    fireEvent.change(screen.getByTestId('reply-template'), { target: { value: TEMPLATE_0 } });
    expect((await screen.findByTestId('reply-no-appointment')).textContent).toBe(
      'Questo cliente non ha appuntamenti futuri per questo modello.',
    );
    expect(screen.getByTestId<HTMLButtonElement>('reply-send-template').disabled).toBe(true);
  });

  it('issue 27 a template WhatsApp has not approved is refused with its reason in the user language', async () => {
    const refusing = (url: URL, method: string, body: unknown) =>
      method === 'POST'
        ? {
            status: 400,
            body: {
              code: 'validation_failed',
              message: 'Alcuni campi non sono validi',
              fields: { template_id: 'messages.reason_template_rejected' },
            },
          }
        : gateway(null, [])(url, method, body);
    mountMessages({ path: PATH, handler: refusing, language: 'it' });
    await waitFor(() => expect(screen.getByTestId('reply-template').querySelectorAll('option')).toHaveLength(3));
    fireEvent.change(screen.getByTestId('reply-template'), { target: { value: TEMPLATE_2 } });
    fireEvent.click(screen.getByTestId('reply-send-template'));
    expect((await screen.findByTestId('reply-error')).textContent).toBe('Non inviato: WhatsApp ha rifiutato il modello.');
  });

  it('a member who cannot write the store reads the conversation without a reply box', async () => {
    mountMessages({ path: PATH, rank: 4, minRankWriteStore: 3, handler: gateway(new Date(Date.now() + 3600_000).toISOString(), []) });
    await screen.findByText('See you tomorrow!');
    expect(screen.queryByTestId('reply-box')).toBeNull();
    expect(screen.getByTestId('reply-read-only')).toBeTruthy();
  });

  it('shows a failed load with its reason', async () => {
    mountMessages({
      path: PATH,
      handler: (url) =>
        url.pathname.includes('/conversation/')
          ? { status: 403, body: { code: 'forbidden', message: 'No access to this store' } }
          : undefined,
    });
    expect((await screen.findByTestId('error-state')).textContent).toContain('No access to this store');
  });
});

describe('conversation: messages not sent (issue 27)', () => {
  function withReasons() {
    return (url: URL, method: string) => {
      const path = decodeURIComponent(url.pathname);
      if (path.startsWith(CONVERSATION))
        return {
          body: {
            entries: [
              {
                id: id(6),
                direction: 'out',
                time: '2026-11-24T12:00:00.000Z',
                text: 'Reminder: Fido tomorrow at 15:30',
                kind: 'reminder',
                status: 5,
                attachments: -1,
                reason: 'template_rejected',
              },
              {
                id: id(5),
                direction: 'out',
                time: '2026-11-24T11:00:00.000Z',
                text: 'Happy birthday Fido!',
                kind: 'reminder',
                status: 5,
                attachments: -1,
                reason: 'not_connected',
              },
              {
                id: id(4),
                direction: 'out',
                time: '2026-11-24T10:00:00.000Z',
                text: 'Summer offer',
                kind: 'campaign',
                status: 5,
                attachments: -1,
                reason: 'plan_limit',
              },
              {
                id: id(3),
                direction: 'out',
                time: '2026-11-24T09:00:00.000Z',
                text: 'Alle 9',
                kind: 'reply',
                status: 2,
                attachments: -1,
                reason: null,
              },
              {
                id: id(1),
                direction: 'in',
                time: '2026-11-23T18:00:00.000Z',
                text: 'Ciao',
                kind: 'text',
                status: null,
                attachments: -1,
                reason: null,
              },
            ],
            attachments: [],
            reply_window_until: null,
          },
        };
      if (path.endsWith('/msg/templates')) return { body: { v: [] } };
      if (method === 'GET' && path.endsWith(`/customer/${CUSTOMER}`))
        return { body: { customer: { id: CUSTOMER, first_name: 'Maria', last_name: 'Bianchi' }, tags: [], external_services: [] } };
      return undefined;
    };
  }

  it("R4.12 says why each unsent message was not sent, in the user's language, with where to fix it", async () => {
    const { router } = mountMessages({ path: PATH, handler: withReasons(), language: 'fr' });
    await screen.findByText('Ciao');
    const reasons = screen.getAllByTestId('entry-reason');
    expect(reasons.map((r) => [r.getAttribute('data-reason'), r.querySelector('p')?.textContent])).toEqual([
      ['plan_limit', 'Non envoyé : les messages du forfait pour cette période sont épuisés.'],
      ['not_connected', "Non envoyé : aucun numéro WhatsApp n'est connecté."],
      ['template_rejected', 'Non envoyé : WhatsApp a refusé le modèle.'],
    ]);
    // a sent one and the customer's have no reason
    const lines = screen.getAllByTestId('conversation-entry');
    expect(lines.filter((l) => within(l).queryByTestId('entry-reason') === null).map((l) => l.textContent)).toEqual([
      expect.stringContaining('Ciao'),
      expect.stringContaining('Alle 9'),
    ]);
    expect(within(reasons[0]).queryByTestId('entry-reason-fix')).toBeNull();
    expect(within(reasons[1]).getByTestId('entry-reason-fix').textContent).toBe('Connecter WhatsApp');
    fireEvent.click(within(reasons[2]).getByTestId('entry-reason-fix'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE}/templates`));
  });
});
