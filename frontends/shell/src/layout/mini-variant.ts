// spec §2 / R2.06: the left drawer collapses to a mini variant of width 72, kept under mini_variant.
export const MINI_VARIANT_KEY = 'mini_variant';
import { MINI_DRAWER_WIDTH } from '@pawline/domain';

export { MINI_DRAWER_WIDTH };
export const FULL_DRAWER_WIDTH = 240;

/** The stored choice; without one, `fallback` (the frame passes "narrow screen"). */
export function readMiniVariant(storage: Pick<Storage, 'getItem'> | null, fallback = false): boolean {
  try {
    const stored = storage?.getItem(MINI_VARIANT_KEY);
    return stored === 'true' ? true : stored === 'false' ? false : fallback;
  } catch {
    return fallback;
  }
}

export function writeMiniVariant(storage: Pick<Storage, 'setItem'> | null, mini: boolean): void {
  try {
    storage?.setItem(MINI_VARIANT_KEY, String(mini));
  } catch {
    // storage refused: the choice lasts for this page only
  }
}

export function drawerWidth(mini: boolean): number {
  return mini ? MINI_DRAWER_WIDTH : FULL_DRAWER_WIDTH;
}
