// Browser tests against the running product: `PAWLINE_E2E_URL=http://localhost:3000 npx jest -c e2e/jest.config.cjs`.
// The lead's test launcher starts the full stack and sets PAWLINE_E2E_URL.
module.exports = {
  ...require('../jest.preset.cjs'),
  displayName: 'e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.e2e-spec.ts'],
  // a test may wait out the registration rate limit (support/newcomer.ts) before it starts
  testTimeout: 150000,
  maxWorkers: 1,
};
