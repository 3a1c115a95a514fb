// @tanstack/react-table 9 and its store are ESM-only: swc compiles them like the preset's ESM packages.
const esmPackages = ['@nestjs', '@nats-io', 'uuid', 'nanoid', '@tanstack'];

module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'settings',
  rootDir: __dirname,
  setupFiles: ['<rootDir>/jest.setup.cjs'],
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx', '<rootDir>/test/**/*.integration-spec.ts'],
};
