import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { remoteLoadFailure } from './remote-failure';

type LoadRemote = (id: string) => Promise<unknown>;

/**
 * MF runtime plugin: a remote entry or module that cannot be loaded is tried once more (a deploy
 * swapping files, a dropped connection), then resolves to a failure marker the shell shows as a
 * fallback card.
 */
export default function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  // ids being retried: their second failure comes back through this hook and must not retry again
  const retrying = new Set<string>();
  return {
    name: 'pawline-remote-fallback',
    async errorLoadRemote({ id, error, lifecycle, origin }) {
      if (lifecycle === 'beforeLoadShare') return undefined;
      if (retrying.has(id) || lifecycle !== 'onLoad') {
        console.error(`[pawline] remote ${id} failed to load`, error);
        return remoteLoadFailure(id, error);
      }
      console.warn(`[pawline] remote ${id} failed to load, trying once more`, error);
      retrying.add(id);
      try {
        // resolves to the module, or to the marker the nested failure returned
        return await (origin.loadRemote.bind(origin) as LoadRemote)(id);
      } catch (retryError) {
        console.error(`[pawline] remote ${id} failed to load`, retryError);
        return remoteLoadFailure(id, retryError);
      } finally {
        retrying.delete(id);
      }
    },
  };
}
