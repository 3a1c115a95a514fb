/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import type { ApiClient, ShellBridge } from '@pawline/api-client';
import type { Tag } from '@pawline/contracts';
import { pawlineSystem } from '@pawline/ui';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { CrmApi } from '../api/crm-api';
import { clientsTranslator } from '../i18n/translator';
import { TagManager } from './TagManager';

const ORGA = '22222222-2222-4222-8222-222222222222';

function mount(crm: Partial<CrmApi>) {
  const bridge = { api: {} as ApiClient, language: 'en', notify: jest.fn() } as unknown as ShellBridge;
  render(
    <ChakraProvider value={pawlineSystem}>
      <TagManager ctx={{ bridge, crm: crm as CrmApi, t: clientsTranslator('en') }} orgaId={ORGA} kind="pet" />
    </ChakraProvider>,
  );
  return bridge;
}

describe('tag manager', () => {
  it('R1.05 R3.20 offers the 31 icons and creates a tag with an emoji or with an icon, never both', async () => {
    const created: Tag[] = [];
    const createTag = jest.fn(async (_orga: string, body: Partial<Tag>) => {
      const tag: Tag = { id: `t${created.length}`, orga_id: ORGA, kind: 'pet', name: '', icon: 0, emoji: null, tag_order: 0, ...body };
      created.push(tag);
      return tag;
    });
    mount({ listTags: jest.fn(async () => [...created]), createTag });
    await screen.findByTestId('empty-state');
    expect(screen.getAllByRole('radio')).toHaveLength(32); // none + icons 1–31

    fireEvent.click(screen.getByTestId('tag-save-pet'));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(createTag).not.toHaveBeenCalled();

    fireEvent.change(document.querySelector('input[name="tag-name-pet"]') as HTMLInputElement, { target: { value: 'Bites' } });
    fireEvent.click(screen.getByTestId('tag-icon-6'));
    fireEvent.change(document.querySelector('input[name="tag-emoji-pet"]') as HTMLInputElement, { target: { value: '🦷' } });
    fireEvent.click(screen.getByTestId('tag-save-pet'));
    await waitFor(() => expect(createTag).toHaveBeenCalledTimes(1));
    expect(createTag.mock.calls[0]?.[1]).toEqual({ kind: 'pet', name: 'Bites', icon: 0, emoji: '🦷', tag_order: 0 });
    expect(await screen.findByText('🦷 Bites')).toBeTruthy();

    fireEvent.change(document.querySelector('input[name="tag-name-pet"]') as HTMLInputElement, { target: { value: 'Old' } });
    fireEvent.change(document.querySelector('input[name="tag-emoji-pet"]') as HTMLInputElement, { target: { value: '🐢' } });
    fireEvent.click(screen.getByTestId('tag-icon-31'));
    fireEvent.click(screen.getByTestId('tag-save-pet'));
    await waitFor(() => expect(createTag).toHaveBeenCalledTimes(2));
    expect(createTag.mock.calls[1]?.[1]).toEqual({ kind: 'pet', name: 'Old', icon: 31, emoji: null, tag_order: 1 });
  });
});
