module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'counter',
  rootDir: __dirname,
  setupFiles: ['<rootDir>/jest.setup.cjs'],
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx', '<rootDir>/test/**/*.integration-spec.ts'],
};
