import { CATALOGUES, registerCatalogues, type Language } from '@pawline/i18n';
import { pagedQueryList, pagedQueryMoreError, type PagedQuery } from './paged-query-list';

for (const [language, catalogue] of Object.entries(CATALOGUES)) registerCatalogues(language as Language, catalogue);

type Page = { v: { id: string }[] };
const query = (over: Partial<PagedQuery<Page>>): PagedQuery<Page> => ({
  status: 'success',
  data: undefined,
  error: null,
  hasNextPage: false,
  isFetchingNextPage: false,
  isFetchNextPageError: false,
  ...over,
});
const down = { status: 503, code: 'unavailable', message: 'Il servizio non è disponibile.' };

describe('pagedQueryList', () => {
  it('is loading until the first page is there, failed with the reason in the user language', () => {
    expect(pagedQueryList(query({ status: 'pending' }), (p) => p.v, 'en')).toEqual({ status: 'loading' });
    expect(pagedQueryList(query({ status: 'error', error: { status: 0, code: 'network', message: '' } }), (p) => p.v, 'it')).toEqual({
      status: 'failed',
      message: 'Impossibile raggiungere il server. Controlla la connessione e riprova.',
    });
    expect(pagedQueryList(query({ status: 'error', error: down }), (p) => p.v, 'it')).toEqual({
      status: 'failed',
      message: 'Il servizio non è disponibile.',
    });
  });

  it('R4.22 joins the pages, each row once (one that moved between pages keeps its first place); done without a next page', () => {
    const pages = [{ v: [{ id: 'a' }, { id: 'b' }] }, { v: [{ id: 'b' }, { id: 'c' }] }];
    expect(pagedQueryList(query({ data: { pages }, hasNextPage: true, isFetchingNextPage: true }), (p) => p.v, 'en')).toEqual({
      status: 'ready',
      items: [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
      done: false,
      loadingMore: true,
    });
    expect(pagedQueryList(query({ data: { pages } }), (p) => p.v, 'en')).toMatchObject({ done: true, loadingMore: false });
  });

  it('a failed next page keeps the rows and says why', () => {
    const failed = query({ status: 'error', data: { pages: [{ v: [{ id: 'a' }] }] }, error: down, isFetchNextPageError: true });
    expect(pagedQueryList(failed, (p) => p.v, 'en')).toMatchObject({ status: 'ready', items: [{ id: 'a' }] });
    expect(pagedQueryMoreError(failed, 'en')).toBe('Il servizio non è disponibile.');
    expect(pagedQueryMoreError(query({}), 'en')).toBeNull();
  });
});
