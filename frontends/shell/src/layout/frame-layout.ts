import type { Organization } from '@pawline/api-client';
import { useMemo } from 'react';
import { visibleStores } from '../access/orga-access';
import { isIosPlatform, topPadding } from './platform';

// What the signed-out frame (Frame.tsx) and the signed-in one (SignedInFrame.tsx) share: kept apart
// from both, so the signed-in frame, loaded after sign-in, does not import the file that loads it.

export const TOP_BAR_HEIGHT = 56;

export function useTopPadding(): string {
  return useMemo(() => topPadding(isIosPlatform(navigator.userAgent, navigator.platform, navigator.maxTouchPoints)), []);
}

/** `/` leads to the first store this user reaches (R6.04). */
export function firstStoreHref(orga: Organization | null, userId: string): string | null {
  const store = visibleStores(orga, userId)[0];
  return orga && store ? `/${orga.id}/store/${store.id}` : null;
}

/** The store the drawer links to: the one shown when the user reaches it, else the first they reach. */
export function drawerStoreId(orga: Organization | null, userId: string, currentStoreId: string | null): string | null {
  const stores = visibleStores(orga, userId);
  if (currentStoreId && stores.some((store) => store.id === currentStoreId)) return currentStoreId;
  return orga ? (stores[0]?.id ?? null) : null;
}
