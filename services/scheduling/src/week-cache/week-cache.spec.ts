import { WeekCache } from './week-cache';

describe('week cache', () => {
  it('R7.05 answers only at the version the answer was read at', () => {
    const cache = new WeekCache<string>(1000);
    cache.set('store-a|2026-11-23|2026-11-29', '41', 'week of version 41', 18);
    expect(cache.get('store-a|2026-11-23|2026-11-29', '41')).toBe('week of version 41');
    // a write bumped the store's version: the kept answer is not used
    expect(cache.get('store-a|2026-11-23|2026-11-29', '42')).toBeUndefined();
    expect(cache.get('store-a|2026-11-30|2026-12-06', '41')).toBeUndefined();
    expect([cache.hits, cache.misses]).toEqual([1, 2]);
  });

  it('replaces an answer read again at a newer version', () => {
    const cache = new WeekCache<string>(1000);
    cache.set('k', '1', 'old', 300);
    cache.set('k', '2', 'new', 200);
    expect(cache.get('k', '2')).toBe('new');
    expect(cache.get('k', '1')).toBeUndefined();
    expect([cache.size, cache.sizeInChars]).toEqual([1, 200]);
  });

  it('drops the least recently used answers beyond its bound, and never keeps one larger than the bound', () => {
    const cache = new WeekCache<string>(1000);
    cache.set('a', '1', 'A', 400);
    cache.set('b', '1', 'B', 400);
    expect(cache.get('a', '1')).toBe('A'); // a is now the most recently used
    cache.set('c', '1', 'C', 400);
    expect(cache.get('b', '1')).toBeUndefined();
    expect(cache.get('a', '1')).toBe('A');
    expect(cache.get('c', '1')).toBe('C');
    expect(cache.sizeInChars).toBe(800);
    cache.set('huge', '1', 'H', 1001);
    expect(cache.get('huge', '1')).toBeUndefined();
    expect(cache.sizeInChars).toBe(800);
  });
});
