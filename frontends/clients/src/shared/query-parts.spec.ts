import { allParts, optionalPart, readyPart, type QueryPart } from './query-parts';

const pending: QueryPart<number> = { status: 'pending', data: undefined, error: null, refetch: jest.fn() };
const failed = (status: number, data?: number): QueryPart<number> => ({
  status: 'error',
  data,
  error: { status, code: 'x', message: 'no' },
  isRefetchError: data !== undefined,
  refetch: jest.fn(),
});

describe('the queries of one page as one', () => {
  it('is loading while any part is, and answers every part by name once all are there', () => {
    expect(allParts({ a: readyPart(1), b: pending }).status).toBe('pending');
    const page = allParts({ a: readyPart(1), b: readyPart('two') });
    expect(page).toMatchObject({ status: 'success', data: { a: 1, b: 'two' } });
  });

  it('fails with the first failure, and its retry reads only the failed parts again', () => {
    const broken = failed(503);
    const fine = readyPart(2);
    const page = allParts({ a: fine, b: broken });
    expect(page.status).toBe('error');
    expect(page.data).toBeUndefined();
    expect(page.error).toBe(broken.error);
    page.refetch();
    expect(broken.refetch).toHaveBeenCalledTimes(1);
  });

  it('R4.20 a failed re-read of a shown page keeps the answers and says it was a re-read (a 404: gone elsewhere)', () => {
    const gone = failed(404, 7);
    const page = allParts({ customer: gone, tags: readyPart([]) });
    expect(page).toMatchObject({ status: 'error', isRefetchError: true, data: { customer: 7, tags: [] } });
  });

  it('a part the page can do without counts as its fallback when it fails', () => {
    expect(optionalPart(failed(500), null)).toMatchObject({ status: 'success', data: null });
    expect(optionalPart(readyPart(3), null)).toMatchObject({ status: 'success', data: 3 });
    expect(optionalPart(pending, null).status).toBe('pending');
  });
});
