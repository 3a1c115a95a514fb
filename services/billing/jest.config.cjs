module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'billing',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.integration-spec.ts'],
};
