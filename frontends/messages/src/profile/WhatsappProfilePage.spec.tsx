/** @jest-environment jsdom */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { BASE, mountMessages, ORGA } from '../testing/messages-harness';

const PATH = `${BASE}/profile`;
const REQUEST = '80000000-0000-4000-8000-000000000001';

function profile(inProgress: boolean) {
  return {
    orga_id: ORGA,
    live: { name: 'Salone Fido', about: 'Grooming since 1999', image_file_id: null, live_at: '2026-10-01T10:00:00Z' },
    request: inProgress
      ? {
          id: REQUEST,
          name: 'Salone Fido & Luna',
          about: 'Grooming',
          image_file_id: null,
          status: 'in_progress',
          requested_at: '2026-11-20T10:00:00Z',
          due_by: '2026-11-28',
          live_at: null,
        }
      : null,
  };
}

function gateway(sent: { method: string; path: string; body: unknown }[], requested = false) {
  let inProgress = requested;
  return (url: URL, method: string, body: unknown) => {
    const path = decodeURIComponent(url.pathname);
    if (path.endsWith('/msg/whatsapp_profile_images')) return { body: [] };
    if (path.endsWith('/msg/whatsapp_profile')) {
      if (method === 'PUT') {
        sent.push({ method, path, body });
        inProgress = true;
        return { body: profile(true) };
      }
      return { body: profile(inProgress) };
    }
    return undefined;
  };
}

function pick(name: string, type: string, size: number) {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  fireEvent.change(screen.getByTestId('profile-image-input'), { target: { files: [file] } });
}

describe('WhatsApp profile', () => {
  it('R4.14 an update request in progress shows its due date (7 working days)', async () => {
    mountMessages({ path: PATH, handler: gateway([], true) });
    const request = await screen.findByTestId('profile-request');
    expect(request.textContent).toContain('Update request in progress');
    expect(request.textContent).toContain('The new profile will be available by November 28, 2026.');
    expect(screen.getByTestId<HTMLInputElement>('profile-name').value).toBe('Salone Fido & Luna');
  });

  it("R5.10 R9.04 the image is checked before upload: 'File got the wrong file type', 'File is too big. Max size: 1 MB'", async () => {
    const { requests } = mountMessages({ path: PATH, handler: gateway([]) });
    await screen.findByTestId('profile-page');
    pick('logo.gif', 'image/gif', 100);
    expect(screen.getByTestId('profile-image-error').textContent).toBe('File got the wrong file type');
    pick('logo.png', 'image/png', 1_048_577);
    expect(screen.getByTestId('profile-image-error').textContent).toBe('File is too big. Max size: 1 MB');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('says a lost connection during the image upload in the user language, not the browser English', async () => {
    // jsdom's XMLHttpRequest reaches no server here: the upload fails as a dropped connection does
    mountMessages({ path: PATH, handler: gateway([]), language: 'it' });
    await screen.findByTestId('profile-page');
    pick('logo.png', 'image/png', 100);
    await waitFor(() =>
      expect(screen.getByTestId('profile-image-error').textContent).toBe(
        'Impossibile raggiungere il server. Controlla la connessione e riprova.',
      ),
    );
  });

  it('R4.14 an administrator requests a new name: sent, then shown in progress', async () => {
    const sent: { method: string; path: string; body: unknown }[] = [];
    const { bridge } = mountMessages({ path: PATH, handler: gateway(sent) });
    const name = await screen.findByTestId('profile-name');
    fireEvent.change(name, { target: { value: 'Salone Fido & Luna' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'PUT',
          path: `/api/v1/orga/${ORGA}/msg/whatsapp_profile`,
          body: { name: 'Salone Fido & Luna', about: 'Grooming since 1999', image_file_id: null },
        },
      ]),
    );
    expect(bridge.notify).toHaveBeenCalledWith(2, 'Update request sent. The new profile will be available within 7 working days.');
    expect(await screen.findByTestId('profile-request')).toBeTruthy();
  });

  it('a worker reads the profile without changing it', async () => {
    mountMessages({ path: PATH, rank: 3, handler: gateway([]) });
    await screen.findByTestId('profile-page');
    expect(screen.getByTestId<HTMLInputElement>('profile-name').disabled).toBe(true);
    expect(screen.queryByTestId('profile-save')).toBeNull();
    expect(screen.queryByTestId('profile-image-upload')).toBeNull();
  });

  it('shows loading, then a failed load', async () => {
    let answer: ((v: { status: number; body: unknown }) => void) | null = null;
    mountMessages({ path: PATH, handler: () => new Promise((resolve) => (answer = resolve)) as never });
    expect(await screen.findByTestId('loading-state')).toBeTruthy();
    answer!({ status: 403, body: { code: 'forbidden', message: 'No access' } });
    expect((await screen.findByTestId('error-state')).textContent).toContain('No access');
  });
});
