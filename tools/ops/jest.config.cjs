// Until tools/jest.config.cjs lists tools/ops (its testMatch), run these with: npx jest -c tools/ops/jest.config.cjs
const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'tools-ops',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.spec.ts'],
};
