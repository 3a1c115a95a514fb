const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'nest-kit',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.integration-spec.ts'],
};
