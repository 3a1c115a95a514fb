import { useEffect, useState } from 'react';

// Below Chakra's md breakpoint (48em), a phone (issue 16): the shell's drawer is an overlay, the
// calendar opens in Day view, DialogFrame fills the screen (its `base` size).
export const NARROW_SCREEN_QUERY = '(max-width: 47.99em)';

type MediaSource = { matchMedia?: (query: string) => Pick<MediaQueryList, 'matches' | 'addEventListener' | 'removeEventListener'> };

/** Whether the screen is narrow now; false where media queries are unknown. */
export function isNarrowScreen(source: MediaSource | undefined = typeof window === 'undefined' ? undefined : window): boolean {
  try {
    return source?.matchMedia?.(NARROW_SCREEN_QUERY).matches ?? false;
  } catch {
    return false;
  }
}

/** Whether the screen is narrow, following rotations and window resizes. */
export function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(() => isNarrowScreen());
  useEffect(() => {
    const list = typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_SCREEN_QUERY) : null;
    if (!list) return undefined;
    const onChange = () => setNarrow(list.matches);
    onChange();
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, []);
  return narrow;
}
