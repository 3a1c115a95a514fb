import { drawerWidth, MINI_VARIANT_KEY, readMiniVariant, writeMiniVariant } from './mini-variant';

describe('mini variant', () => {
  it('R2.06 R9.07 collapses the drawer to width 72 and keeps the choice under mini_variant', () => {
    const values = new Map<string, string>();
    const storage = { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v) };
    expect(readMiniVariant(storage)).toBe(false);
    writeMiniVariant(storage, true);
    expect(values.get(MINI_VARIANT_KEY)).toBe('true');
    expect(MINI_VARIANT_KEY).toBe('mini_variant');
    expect(readMiniVariant(storage)).toBe(true);
    expect(drawerWidth(true)).toBe(72);
    expect(drawerWidth(false)).toBeGreaterThan(72);
    writeMiniVariant(storage, false);
    expect(readMiniVariant(storage)).toBe(false);
  });

  it('R2.06 uses the fallback only while no choice is stored', () => {
    const values = new Map<string, string>();
    const storage = { getItem: (k: string) => values.get(k) ?? null };
    expect(readMiniVariant(storage, true)).toBe(true);
    values.set(MINI_VARIANT_KEY, 'false');
    expect(readMiniVariant(storage, true)).toBe(false);
    expect(readMiniVariant(null, true)).toBe(true);
  });
});
