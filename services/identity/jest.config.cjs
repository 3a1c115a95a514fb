const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  // jose (access tokens, through @pawline/nest-kit) ships ES modules only, so swc compiles it too;
  // this belongs in jest.preset.cjs's esmPackages, a root file this change does not edit
  transformIgnorePatterns: preset.transformIgnorePatterns.map((pattern) => pattern.replace('(?!(', '(?!(jose|')),
  displayName: 'identity',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.integration-spec.ts'],
};
