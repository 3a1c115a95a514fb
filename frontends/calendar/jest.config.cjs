const esmPackages = ['@nestjs', '@nats-io', 'uuid', 'nanoid', '@tanstack'];

module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'calendar',
  rootDir: __dirname,
  setupFiles: ['<rootDir>/jest.setup.cjs'],
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  // Chakra dialogs in jsdom take seconds on this shared machine
  testTimeout: 30000,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx', '<rootDir>/test/**/*.integration-spec.ts'],
};
