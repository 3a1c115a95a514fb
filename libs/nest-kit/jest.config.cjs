module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'nest-kit',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.integration-spec.ts'],
};
