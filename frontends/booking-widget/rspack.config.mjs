import path from 'node:path';
import { baseConfig, workspaceRoot } from '../rspack.shared.mjs';

// The booking widget: one classic script with a fixed name, pawline-booking.js, that salon websites
// load from the gateway (/booking-widget/, served from dist/frontends/booking-widget). No Module
// Federation and no React: it runs on other people's pages and must stay under 60 KB compressed (ADR 0023).
export function bookingWidgetConfig({ mode = 'production', outputPath } = {}) {
  const config = baseConfig({ name: 'booking-widget', mode, publicPath: 'auto' });
  return {
    ...config,
    entry: { 'pawline-booking': './src/index.ts' },
    output: {
      ...config.output,
      path: outputPath ?? path.join(workspaceRoot, 'dist', 'frontends', 'booking-widget'),
      filename: '[name].js',
      // everything in the one file: a second request would cost a salon page more than it saves
      chunkFilename: '[name].[contenthash:8].js',
      iife: true,
      uniqueName: 'pawline_booking_widget',
    },
    optimization: { splitChunks: false, runtimeChunk: false },
  };
}

export default bookingWidgetConfig;
