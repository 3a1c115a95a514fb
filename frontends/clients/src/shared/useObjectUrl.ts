import { useEffect, useMemo } from 'react';

/** A blob shown through an object URL for as long as the component shows it (images that need the bearer token, photos not yet sent). */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}
