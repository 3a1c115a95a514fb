// Tests of the workspace tools (launcher probes and config, generators), the requirements check and
// the lint checks ESLint has no rule for here (import circles).
const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'tools',
  rootDir: __dirname,
  testMatch: [
    '<rootDir>/launcher/**/*.spec.ts',
    '<rootDir>/generators/**/*.spec.ts',
    '<rootDir>/demo/**/*.spec.ts',
    '<rootDir>/bench/**/*.spec.ts',
    '<rootDir>/fake-whatsapp/**/*.spec.ts',
    '<rootDir>/fake-stripe/**/*.spec.ts',
    '<rootDir>/requirements/**/*.spec.ts',
    '<rootDir>/ops/**/*.spec.ts',
    '<rootDir>/lint/**/*.spec.ts',
  ],
};
