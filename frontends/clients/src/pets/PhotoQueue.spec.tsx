/** @jest-environment jsdom */
import { petOf } from '@pawline/api-client';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { customerRow, mountClients, ORGA, STORE, type SentRequest } from '../testing/clients-harness';

// Issue 29 a new pet's photos: chosen (or taken) while the pet is created, sent once it is saved, with progress.

const PET = '44444444-4444-4444-8444-444444444444';
const photo = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });

/** XMLHttpRequests the test answers one by one: what each opened and sent, and a way to report progress and end it. */
function fakeUploads(answer: (index: number) => number) {
  const opened: { method: string; url: string; body: unknown }[] = [];
  const live: Record<string, unknown>[] = [];
  (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest = jest.fn(() => {
    const request: Record<string, unknown> = {
      setRequestHeader: jest.fn(),
      abort: jest.fn(),
      upload: {},
      status: 0,
      responseText: '',
      statusText: '',
    };
    request.open = (method: string, url: string) => opened.push({ method, url, body: null });
    request.send = (body: unknown) => {
      const index = opened.length - 1;
      (opened[index] as { body: unknown }).body = body;
      live.push(request);
      const progress = (request.upload as { onprogress?: (event: unknown) => void }).onprogress;
      setTimeout(() => {
        progress?.({ lengthComputable: true, loaded: 50, total: 100 });
        const status = answer(index);
        Object.assign(request, {
          status,
          responseText: JSON.stringify(
            status === 201
              ? { id: `f${index}`, file_name: (body as File).name }
              : { code: 'validation_failed', message: 'File got the wrong file type' },
          ),
        });
        (request.onload as () => void)();
      }, 0);
    };
    return request;
  });
  return opened;
}

let requests: SentRequest[] = [];
function mountNewPet() {
  const mounted = mountClients({
    path: `/${ORGA}/store/${STORE}/pet/new?customer=c1`,
    handler: (url, init) => {
      if (url.pathname.endsWith('/customer/c1'))
        return { body: { customer: customerRow('c1', 'Ada', 'Rossi'), tags: [], external_services: [] } };
      if (url.pathname.endsWith('/tags') || url.pathname.endsWith('/images')) return { body: [] };
      if (url.pathname.endsWith('/pet') && init.method === 'POST')
        return {
          status: 201,
          body: { pet: petOf({ id: PET, orga_id: ORGA, store_id: STORE, customer_id: 'c1', name: 'Nuvola' }), tags: [] },
        };
      if (url.pathname.endsWith(`/pet/${PET}`))
        return { body: { pet: petOf({ id: PET, orga_id: ORGA, store_id: STORE, customer_id: 'c1', name: 'Nuvola' }), tags: [] } };
      return { body: { items: [], treatments: [], pets: [] } };
    },
  });
  requests = mounted.requests;
  return mounted;
}

const original = globalThis.XMLHttpRequest;
afterEach(() => {
  globalThis.XMLHttpRequest = original;
});

describe("a new pet's photos (issue 29)", () => {
  it('R9.04 queues photos while the pet is created, any image a phone offers, the camera too; sends them after the save', async () => {
    const opened = fakeUploads(() => 201);
    const { router } = mountNewPet();
    const queue = await screen.findByTestId('photo-queue');
    const input = within(queue).getByTestId<HTMLInputElement>('photo-queue-add-input');
    expect(input.accept).toBe('image/*');
    expect(within(queue).getByTestId('photo-queue-add-camera').getAttribute('capture')).toBe('environment');

    fireEvent.change(input, { target: { files: [photo('uno.jpg')] } });
    expect(await screen.findByRole('img', { name: 'uno.jpg' })).toBeTruthy();
    fireEvent.change(input, { target: { files: [photo('due.jpg')] } });
    fireEvent.change(input, { target: { files: [photo('tre.jpg')] } });
    await waitFor(() => expect(screen.getAllByTestId('queued-photo')).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Remove due.jpg' }));
    await waitFor(() => expect(screen.getAllByTestId('queued-photo')).toHaveLength(2));
    expect(opened).toHaveLength(0); // nothing is sent before the pet exists

    fireEvent.change(document.querySelector('input[name="name"]') as HTMLInputElement, { target: { value: 'Nuvola' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('save-pet'));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${ORGA}/store/${STORE}/pet/${PET}`));
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url.pathname)).toEqual([`/api/v1/orga/${ORGA}/store/${STORE}/pet`]);
    expect(opened.map((o) => `${o.method} ${new URL(o.url, 'http://localhost').pathname}`)).toEqual([
      `POST /api/v1/orga/${ORGA}/store/${STORE}/pet/${PET}/image`,
      `POST /api/v1/orga/${ORGA}/store/${STORE}/pet/${PET}/image`,
    ]);
    expect(opened.map((o) => (o.body as File).name)).toEqual(['uno.jpg', 'tre.jpg']);
  });

  it('refuses a fifth photo and a too big one it cannot make smaller, at once and in Italian', async () => {
    fakeUploads(() => 201);
    mountClients({
      path: `/${ORGA}/store/${STORE}/pet/new?customer=c1`,
      language: 'it',
      handler: (url) => {
        if (url.pathname.endsWith('/customer/c1'))
          return { body: { customer: customerRow('c1', 'Ada', 'Rossi'), tags: [], external_services: [] } };
        if (url.pathname.endsWith('/tags')) return { body: [] };
        return undefined;
      },
    });
    const input = await screen.findByTestId<HTMLInputElement>('photo-queue-add-input');
    // jsdom reads no picture: the file goes to the checks as it is
    fireEvent.change(input, { target: { files: [photo('enorme.jpg', 1_048_577)] } });
    expect((await screen.findByTestId('photo-queue-add-error')).textContent).toBe('Il file è troppo grande. Dimensione massima: 1 MB');
    for (const name of ['1.jpg', '2.jpg', '3.jpg', '4.jpg']) fireEvent.change(input, { target: { files: [photo(name)] } });
    await waitFor(() => expect(screen.getAllByTestId('queued-photo')).toHaveLength(4));
    fireEvent.change(input, { target: { files: [photo('5.jpg')] } });
    expect((await screen.findByTestId('photo-queue-add-error')).textContent).toContain('Troppi file');
    expect(screen.getAllByTestId('queued-photo')).toHaveLength(4);
  });

  it('keeps the pet when a photo is refused, and says how many were not added', async () => {
    fakeUploads((index) => (index === 0 ? 400 : 201));
    const { bridge, router } = mountNewPet();
    const input = await screen.findByTestId<HTMLInputElement>('photo-queue-add-input');
    fireEvent.change(input, { target: { files: [photo('finto.jpg')] } });
    fireEvent.change(input, { target: { files: [photo('vero.jpg')] } });
    await waitFor(() => expect(screen.getAllByTestId('queued-photo')).toHaveLength(2));
    fireEvent.change(document.querySelector('input[name="name"]') as HTMLInputElement, { target: { value: 'Nuvola' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('save-pet'));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${ORGA}/store/${STORE}/pet/${PET}`));
    expect(bridge.notify).toHaveBeenCalledWith(1, 'The pet is saved, but 1 photo(s) could not be added: add them again on its page.');
  });
});
