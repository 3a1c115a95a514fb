// @tanstack/react-table 9 and its store are ESM-only: swc compiles them like the preset's ESM packages.
const esmPackages = ['@nestjs', '@nats-io', 'uuid', 'nanoid', '@tanstack'];

module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'settings',
  rootDir: __dirname,
  setupFiles: ['<rootDir>/jest.setup.cjs'],
  // a page test clicks through Chakra dialogs in jsdom: seconds of CPU on a busy machine (as calendar and clients)
  testTimeout: 30000,
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx', '<rootDir>/test/**/*.integration-spec.ts'],
};
