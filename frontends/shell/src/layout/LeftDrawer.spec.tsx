/** @jest-environment jsdom */
import { ChakraProvider } from '@chakra-ui/react';
import { pawlineSystem } from '@pawline/ui';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { I18nProvider } from '../i18n/I18nProvider';
import type { DrawerLink } from '../remotes/remote-manifest';
import { LeftDrawer, type DrawerOverlay } from './LeftDrawer';

function mount(links: DrawerLink[], mini = false, overlay?: DrawerOverlay) {
  render(
    <ChakraProvider value={pawlineSystem}>
      <I18nProvider language="it">
        <MemoryRouter initialEntries={['/o1/store/s1']}>
          <LeftDrawer mini={mini} onToggle={() => undefined} top="0px" links={links} overlay={overlay} />
        </MemoryRouter>
      </I18nProvider>
    </ChakraProvider>,
  );
}

const links: DrawerLink[] = [
  { id: 'store', to: '/o1/store/s1', label: 'shell.navStore', icon: 'store', premium: false },
  { id: 'messages', to: '/o1/store/s1/messages', label: 'shell.navMessages', icon: 'paw', premium: true },
  { id: 'user', to: '/user', label: 'shell.navUser', icon: 'person', premium: false },
];

describe('LeftDrawer', () => {
  it("renders the manifest's links in order with their test ids and texts in the user language, then help", () => {
    mount(links);
    const drawer = screen.getByTestId('left-drawer');
    const anchors = within(drawer).getAllByRole('link');
    expect(anchors.map((anchor) => anchor.getAttribute('data-testid'))).toEqual(['nav-store', 'nav-messages', 'nav-user', 'nav-help']);
    expect(anchors.map((anchor) => anchor.getAttribute('href'))).toEqual(['/o1/store/s1', '/o1/store/s1/messages', '/user', '/qa']);
    expect(screen.getByRole('link', { name: 'Il mio account' }).getAttribute('data-testid')).toBe('nav-user');
    // named by its visible text, premium mark included (axe: label-content-name-mismatch)
    expect(screen.getByTestId('nav-messages').getAttribute('aria-label')).toBeNull();
    expect(screen.getByTestId('nav-messages').textContent).toContain('Premium');
  });

  it('R2.03 marks a premium entry, and only that one', () => {
    mount(links);
    expect(screen.getByTestId('nav-messages-premium').textContent).toBe('Premium');
    expect(screen.queryByTestId('nav-store-premium')).toBeNull();
  });

  it('R2.06 keeps the icons and drops the texts and marks in the mini variant', () => {
    mount(links, true);
    expect(screen.getByTestId('left-drawer').getAttribute('data-mini')).toBe('true');
    expect(screen.queryByTestId('nav-messages-premium')).toBeNull();
    expect(screen.getByTestId('nav-store').getAttribute('title')).toBe(screen.getByTestId('nav-store').getAttribute('aria-label'));
  });

  it('on a narrow screen is an overlay, absent while closed', () => {
    const onClose = jest.fn();
    mount(links, true, { open: false, onClose });
    expect(screen.queryByTestId('left-drawer')).toBeNull();
  });

  it('the open overlay shows the texts (no mini variant) and closes by an entry, the backdrop and Escape', () => {
    const onClose = jest.fn();
    mount(links, true, { open: true, onClose });
    const drawer = screen.getByTestId('left-drawer');
    expect(drawer.getAttribute('data-overlay')).toBe('true');
    expect(drawer.getAttribute('data-mini')).toBe('false');
    expect(screen.queryByTestId('mini-toggle')).toBeNull();
    expect(screen.getByTestId('nav-messages-premium')).toBeTruthy();
    fireEvent.click(screen.getByTestId('nav-user'));
    fireEvent.click(screen.getByTestId('left-drawer-backdrop'));
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByTestId('drawer-close'));
    expect(onClose).toHaveBeenCalledTimes(4);
    // Tab from the last entry comes back to the first (the close button)
    screen.getByTestId('nav-help').focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByTestId('drawer-close'));
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(screen.getByTestId('nav-help'));
  });
});
