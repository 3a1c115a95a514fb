import { useLoad as useLoadWithText } from '@pawline/ui';
import { errorText } from './clients-context';

export type { Load } from '@pawline/ui';

/** libs/ui's useLoad with this remote's error texts. */
export function useLoad<T>(loader: () => Promise<T>) {
  return useLoadWithText(loader, errorText);
}
