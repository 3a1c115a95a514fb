// Tests of the workspace tools (launcher probes and config, generators) and the requirements check.
const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  // jose (access tokens, through @pawline/nest-kit) ships ES modules only, so swc compiles it too;
  // this belongs in jest.preset.cjs's esmPackages, a root file this change does not edit
  transformIgnorePatterns: preset.transformIgnorePatterns.map((pattern) => pattern.replace('(?!(', '(?!(jose|')),
  displayName: 'tools',
  rootDir: __dirname,
  testMatch: [
    '<rootDir>/launcher/**/*.spec.ts',
    '<rootDir>/generators/**/*.spec.ts',
    '<rootDir>/demo/**/*.spec.ts',
    '<rootDir>/bench/**/*.spec.ts',
    '<rootDir>/requirements/**/*.spec.ts',
  ],
};
