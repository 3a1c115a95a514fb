module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'crm',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.integration-spec.ts'],
};
