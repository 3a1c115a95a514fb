/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeSchedulingGateway, mountCalendar, ORGA, STORE } from '../test-support/calendar-harness';

// Issue 26, the card's own menu: no-show, decline, restore and delete without opening the dialog, asked first
// and undoable as from the dialog; by a right click or from the keyboard (Shift+F10, the context-menu key).

async function menuItems() {
  const menu = await screen.findByTestId('card-menu');
  await waitFor(() => expect(within(menu).queryAllByRole('menuitem').length).toBeGreaterThan(0));
  return {
    menu,
    labels: within(menu)
      .getAllByRole('menuitem')
      .map((i) => i.textContent),
  };
}

describe("the card's menu (issue 26)", () => {
  it('issue 26 R4.11 a right click on a past card marks it a no-show (asked first) and Undo takes it back', async () => {
    const gateway = new FakeSchedulingGateway();
    const a = gateway.add({ app_name: 'Absent', date: '2026-11-18', starts_at: '2026-11-18T08:00:00.000Z' });
    const { sent } = mountCalendar({ gateway });
    await screen.findByText(/Absent/);
    const card = screen.getByTestId('appointment-card');
    expect(card.getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.contextMenu(card, { clientX: 120, clientY: 140 });
    const { menu, labels } = await menuItems();
    expect(menu.getAttribute('aria-label')).toBe('Appointment actions');
    expect(labels).toEqual(['Open', 'Mark as no-show', 'Mark as declined', 'Delete']);
    fireEvent.click(within(menu).getByTestId('card-menu-noShow'));
    // the dialog never opened: the menu asks the same question the dialog does
    expect(await screen.findByText('Mark this appointment as a no-show (the customer did not come)?')).toBeTruthy();
    expect(screen.queryByTestId('appointment-dialog')).toBeNull();
    fireEvent.click(screen.getByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(screen.getByTestId('appointment-card').getAttribute('data-state')).toBe('no_show'));
    expect(sent('PATCH', new RegExp(`/${a.id}/status$`)).map((r) => r.body)).toEqual([{ status: 3, allow_conflict: false }]);
    const toast = screen.getByTestId('undo-toast');
    expect(toast.textContent).toContain('Appointment marked as a no-show');
    fireEvent.click(within(toast).getByTestId('undo-button'));
    await waitFor(() => expect(screen.getByTestId('appointment-card').getAttribute('data-state')).toBe('open'));
    expect(sent('POST', /\/undo$/)).toHaveLength(1);
  });

  it('issue 26 Shift+F10 on a card opens its menu; a no-show offers Restore, a future card no no-show', async () => {
    const gateway = new FakeSchedulingGateway();
    gateway.add({ app_name: 'Ahead', date: '2099-01-07', starts_at: '2099-01-07T08:00:00.000Z' });
    gateway.add({ app_name: 'Gone', date: '2099-01-07', hour: 11, starts_at: '2099-01-07T10:00:00.000Z', status: 3 });
    const { sent } = mountCalendar({ gateway, path: `/${ORGA}/store/${STORE}?day=2099-01-07` });
    await screen.findByText(/Ahead/);
    const [ahead, gone] = ['Ahead', 'Gone'].map(
      (name) => screen.getAllByTestId('appointment-card').find((c) => c.textContent?.includes(name)) as HTMLElement,
    );
    fireEvent.keyDown(ahead, { key: 'F10', shiftKey: true });
    expect((await menuItems()).labels).toEqual(['Open', 'Mark as declined', 'Delete']);
    fireEvent.keyDown(screen.getByTestId('card-menu'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menuitem')).toBeNull());

    fireEvent.keyDown(gone, { key: 'ContextMenu' });
    const { menu, labels } = await menuItems();
    expect(labels).toEqual(['Open', 'Restore', 'Delete']);
    fireEvent.click(within(menu).getByTestId('card-menu-restore'));
    await waitFor(() => expect(sent('PATCH', /\/status$/).map((r) => r.body)).toEqual([{ status: 0, allow_conflict: false }]));
  });
});
