import { useEffect, useMemo } from 'react';

/** A blob shown through an object URL for as long as the component shows it (files that need the bearer token). */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const url = useMemo(() => (blob && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}
