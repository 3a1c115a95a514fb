module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'retail',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.integration-spec.ts'],
};
