/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import { fakeGatewayFetch, fakeShell, RemoteApiProvider, type ApiClient, type ShellBridge } from '@pawline/api-client';
import type { Tag } from '@pawline/contracts';
import { pawlineSystem, snackbarFeedback } from '@pawline/ui';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { clientsTranslator } from '../i18n/translator';
import { TagManager } from './TagManager';

const ORGA = '22222222-2222-4222-8222-222222222222';

/** The tag manager over a fake gateway keeping the organization's tags. */
function mount() {
  const tags: Tag[] = [];
  const sent = fakeGatewayFetch(({ method, path, body }) => {
    if (path !== `/api/v1/orga/${ORGA}/tags` && path !== `/api/v1/orga/${ORGA}/tag`) return undefined;
    if (method === 'GET') return { body: tags };
    const tag: Tag = {
      id: `t${tags.length}`,
      orga_id: ORGA,
      kind: 'pet',
      name: '',
      icon: 0,
      emoji: null,
      tag_order: 0,
      ...(body as Partial<Tag>),
    };
    tags.push(tag);
    return { status: 201, body: tag };
  });
  const api = { deviceId: 'dev', freshAccessToken: async () => 'tok', refresh: async () => null } as unknown as ApiClient;
  const bridge = { api, language: 'en', notify: jest.fn() } as unknown as ShellBridge;
  const { Shell } = fakeShell();
  render(
    <Shell>
      <ChakraProvider value={pawlineSystem}>
        <RemoteApiProvider bridge={bridge} feedback={snackbarFeedback(bridge)}>
          <TagManager ctx={{ bridge, t: clientsTranslator('en') }} orgaId={ORGA} kind="pet" />
        </RemoteApiProvider>
      </ChakraProvider>
    </Shell>,
  );
  const created = () => sent.filter((request) => request.method === 'POST').map((request) => request.body);
  return { bridge, created };
}

describe('tag manager', () => {
  it('R1.05 R3.20 offers the 31 icons and creates a tag with an emoji or with an icon, never both', async () => {
    const { bridge, created } = mount();
    await screen.findByTestId('empty-state');
    expect(screen.getAllByRole('radio')).toHaveLength(32); // none + icons 1–31

    fireEvent.click(screen.getByTestId('tag-save-pet'));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(created()).toEqual([]);

    fireEvent.change(document.querySelector('input[name="tag-name-pet"]') as HTMLInputElement, { target: { value: 'Bites' } });
    fireEvent.click(screen.getByTestId('tag-icon-6'));
    fireEvent.change(document.querySelector('input[name="tag-emoji-pet"]') as HTMLInputElement, { target: { value: '🦷' } });
    fireEvent.click(screen.getByTestId('tag-save-pet'));
    await waitFor(() => expect(created()).toHaveLength(1));
    expect(created()[0]).toEqual({ kind: 'pet', name: 'Bites', icon: 0, emoji: '🦷', tag_order: 0 });
    // the list is read again after the write
    expect(await screen.findByText('🦷 Bites')).toBeTruthy();
    expect(bridge.notify).toHaveBeenCalledWith(2, 'Tag saved');

    fireEvent.change(document.querySelector('input[name="tag-name-pet"]') as HTMLInputElement, { target: { value: 'Old' } });
    fireEvent.change(document.querySelector('input[name="tag-emoji-pet"]') as HTMLInputElement, { target: { value: '🐢' } });
    fireEvent.click(screen.getByTestId('tag-icon-31'));
    fireEvent.click(screen.getByTestId('tag-save-pet'));
    await waitFor(() => expect(created()).toHaveLength(2));
    expect(created()[1]).toEqual({ kind: 'pet', name: 'Old', icon: 31, emoji: null, tag_order: 1 });
  });
});
