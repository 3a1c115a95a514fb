import { loadedTranslator, loadNamespaces, namespacesLoaded, registerCatalogues } from './catalogue-loader';
import { CATALOGUES } from './catalogues';

describe('catalogue loader', () => {
  it('R1.03 a namespace is there only after it is loaded, in the language asked for', async () => {
    const t = loadedTranslator('it');
    expect(namespacesLoaded('it', ['auth'])).toBe(false);
    expect(t('auth.loginTitle')).toBe('auth.loginTitle');
    await loadNamespaces('it', ['auth', 'validation']);
    expect(namespacesLoaded('it', ['auth', 'validation'])).toBe(true);
    expect(t('auth.loginTitle')).toBe('Accedi');
    expect(t.has('auth.loginTitle')).toBe(true);
    // neither another namespace nor another language came along
    expect(namespacesLoaded('it', ['calendar'])).toBe(false);
    expect(namespacesLoaded('en', ['auth'])).toBe(false);
    expect(t('calendar.recurringTitle')).toBe('calendar.recurringTitle');
  });

  it('R1.03 loads the texts of the JSON catalogues unchanged', async () => {
    await loadNamespaces('de', ['errors']);
    const t = loadedTranslator('de');
    expect(t('errors.usernameUnavailable')).toBe(CATALOGUES.de.errors['usernameUnavailable']);
  });

  it('asks once for a namespace however many screens want it at the same time', async () => {
    const asked = await Promise.all([loadNamespaces('fr', ['shell']), loadNamespaces('fr', ['shell', 'common'])]);
    expect(asked).toEqual([undefined, undefined]);
    expect(loadedTranslator('fr')('shell.logout')).toBe('Se déconnecter');
  });

  it('falls back to English when it is loaded, and registerCatalogues fills the store without fetching', () => {
    registerCatalogues('en', { clients: CATALOGUES.en.clients });
    expect(namespacesLoaded('en', ['clients'])).toBe(true);
    const t = loadedTranslator('xx');
    expect(t.language).toBe('en');
    expect(t('clients.customers')).toBe(CATALOGUES.en.clients['customers']);
  });
});
