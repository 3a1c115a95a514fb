import { remoteConfig } from '../rspack.shared.mjs';

// The booking-setup remote: served by the gateway at /remotes/booking-setup/, mounted by the shell at /:orgaId/store/:storeId/booking
// (its entry in frontends/shell/src/remotes/remotes.manifest.json).
export function bookingSetupConfig({ mode = 'production' } = {}) {
  return remoteConfig({
    name: 'booking-setup',
    federationName: 'bookingSetup',
    mode,
    publicPath: '/remotes/booking-setup/',
    exposes: { './routes': './src/routes.tsx' },
  });
}

export default bookingSetupConfig;
