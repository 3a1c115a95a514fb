/** @jest-environment jsdom */
import { screen } from '@testing-library/react';
import { BASE, mountMessages } from './testing/messages-harness';

describe('messages routes', () => {
  it('R1.03 shows its tabs in the user language', async () => {
    mountMessages({ path: BASE, language: 'it', handler: () => new Promise<never>(() => undefined) });
    const tabs = await screen.findByTestId('messages-tabs');
    expect(tabs.textContent).toContain('Messaggi dei clienti');
    expect(tabs.textContent).toContain('Modelli WhatsApp');
    expect(tabs.textContent).toContain('Promemoria');
    expect(tabs.textContent).toContain('Profilo WhatsApp');
    expect(tabs.textContent).toContain('Numero WhatsApp');
  });

  it('marks the tab of the page shown', async () => {
    mountMessages({ path: `${BASE}/templates`, handler: () => new Promise<never>(() => undefined) });
    const tab = await screen.findByTestId('tab-templates');
    expect(tab.getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('tab-inbox').getAttribute('aria-current')).toBeNull();
    expect(screen.getByTestId('tab-inbox').getAttribute('href')).toBe(BASE);
  });

  it('R2.05 answers an unknown path with the 404 page in the user language', async () => {
    mountMessages({ path: `${BASE}/nowhere`, language: 'de', handler: () => undefined });
    expect((await screen.findByTestId('error-page')).textContent).toContain('404 Nicht gefunden');
  });
});
