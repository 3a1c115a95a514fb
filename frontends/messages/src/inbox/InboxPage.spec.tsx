/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answerRow, BASE, CUSTOMER, mountMessages, ORGA, STORE } from '../testing/messages-harness';

const LIST = `/api/v1/orga/${ORGA}/store/${STORE}/customers/msg/`;

describe('inbox', () => {
  beforeAll(() => {
    URL.createObjectURL = jest.fn(() => 'blob:thumb');
    URL.revokeObjectURL = jest.fn();
  });

  it('shows a loading state while the answers come', async () => {
    mountMessages({ path: BASE, handler: () => new Promise<never>(() => undefined) });
    expect(await screen.findByTestId('loading-state')).toBeTruthy();
  });

  it('shows a clear empty state', async () => {
    mountMessages({ path: BASE, handler: () => ({ body: { answers: [], attachments: [] } }) });
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No messages yet');
  });

  it('shows a failed load with the reason and reads again on retry', async () => {
    let fail = true;
    mountMessages({
      path: BASE,
      // the data layer tries a 503 again by itself: it keeps failing until the user retries
      handler: () =>
        fail
          ? { status: 503, body: { code: 'service_unavailable', message: 'The service is not available right now.' } }
          : { body: { answers: [answerRow(1)], attachments: [] } },
    });
    expect((await screen.findByTestId('error-state')).textContent).toContain('The service is not available right now.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hello 1')).toBeTruthy();
  });

  it('R3.12 R7.09 lists customer names, time, text, button answers and attachments (thumbnails and links)', async () => {
    const withFiles = answerRow(2, { attachments: 1, text: 'Photo of Fido' });
    const button = answerRow(3, { kind: 'button', button: 'confirm', text: '' });
    const { requests } = mountMessages({
      path: BASE,
      handler: (url) =>
        url.pathname.includes('/attachments/')
          ? { body: 'bytes' }
          : {
              body: {
                answers: [answerRow(1), withFiles, button],
                attachments: [
                  {
                    sector: 'msg',
                    subject_id: withFiles.answer_id,
                    sequence: 0,
                    mime: 'image/jpeg',
                    file_name: 'fido.jpg',
                    size: 10,
                    caption: null,
                  },
                  {
                    sector: 'msg',
                    subject_id: withFiles.answer_id,
                    sequence: 1,
                    mime: 'application/pdf',
                    file_name: 'vaccines.pdf',
                    size: 10,
                    caption: null,
                  },
                ],
              },
            },
    });
    const row = await screen.findByTestId(`answer-${withFiles.answer_id}`);
    expect(row.textContent).toContain('Maria Bianchi 2');
    expect(row.textContent).toContain('+39 333 1234567');
    expect(row.textContent).toContain('Photo of Fido');
    expect(within(row).getByTestId('attachment-link').textContent).toBe('vaccines.pdf');
    await waitFor(() => expect(within(row).getByTestId('attachment-thumbnail').getAttribute('src')).toBe('blob:thumb'));
    expect(requests.map((r) => r.path)).toContain(`/api/v1/orga/${ORGA}/store/${STORE}/attachments/msg/${withFiles.answer_id}/0`);
    expect(within(screen.getByTestId(`answer-${button.answer_id}`)).getByTestId('answer-button').textContent).toBe('Confirmed');
    expect(screen.getAllByTestId('open-conversation')[0].getAttribute('href')).toBe(`${BASE}/customer/${CUSTOMER}`);
    expect(requests[0].path).toBe(`${LIST}0/none`);
  });

  it('R9.05 R4.22 R4.20 pages by 200 after the last answer’s time and id, and a new answer reads the first page again', async () => {
    const first = Array.from({ length: 200 }, (_, i) => answerRow(i));
    const { requests, emit } = mountMessages({
      path: BASE,
      handler: (url) => ({ body: { answers: url.pathname.endsWith('/0/none') ? first : [answerRow(200)], attachments: [] } }),
    });
    await screen.findByText('Hello 199');
    fireEvent.click(screen.getByTestId('load-more'));
    expect(await screen.findByText('Hello 200')).toBeTruthy();
    expect(requests[1].path).toBe(`${LIST}${first[199].answer_time}/${first[199].answer_id}`);
    expect(screen.queryByTestId('load-more')).toBeNull();
    emit({ scope: 'answer', event: 'received' });
    // the realtime table invalidates the list: the pages shown are read again, from the first
    await waitFor(() => expect(requests).toHaveLength(4));
    expect(requests[2].path).toBe(`${LIST}0/none`);
    // 200 table rows in jsdom take a few seconds to render
  }, 30_000);
});
