const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'scheduling',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.integration-spec.ts'],
};
