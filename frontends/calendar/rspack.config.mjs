import { remoteConfig } from '../rspack.shared.mjs';

// The calendar remote: served by the gateway at /remotes/calendar/, mounted by the shell at
// /{orgaId}/store/{storeId} (the store home) and /{orgaId}/store/{storeId}/recurring.
export function calendarConfig({ mode = 'production' } = {}) {
  return remoteConfig({ name: 'calendar', mode, publicPath: '/remotes/calendar/', exposes: { './routes': './src/routes.tsx' } });
}

export default calendarConfig;
