// @tanstack/react-table 9 and its store packages ship ES modules only: swc compiles them here too.
const esmPackages = ['@nestjs', '@nats-io', 'uuid', 'nanoid', '@tanstack'];

module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'clients',
  rootDir: __dirname,
  setupFiles: ['<rootDir>/jest.setup.cjs'],
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  // rendering 50 Chakra table rows in jsdom takes seconds on this shared machine
  testTimeout: 30000,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx', '<rootDir>/test/**/*.integration-spec.ts'],
};
