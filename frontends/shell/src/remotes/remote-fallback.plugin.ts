import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { remoteLoadFailure } from './remote-failure';

/** MF runtime plugin: a remote entry or module that cannot be loaded resolves to a failure marker. */
export default function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'pawline-remote-fallback',
    errorLoadRemote({ id, error, lifecycle }) {
      if (lifecycle === 'beforeLoadShare') return undefined;
      console.error(`[pawline] remote ${id} failed to load`, error);
      return remoteLoadFailure(id, error);
    },
  };
}
