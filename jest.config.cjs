// Every project's jest config; `npm test` runs them through tools/launcher/test.cjs.
module.exports = {
  // testTimeout is a global option (ignored inside a project): jsdom renders of Chakra screens take
  // seconds on a busy two-core machine, so a test has 30 s unless it sets its own.
  testTimeout: 30000,
  projects: [
    '<rootDir>/libs/*/jest.config.cjs',
    '<rootDir>/services/*/jest.config.cjs',
    '<rootDir>/frontends/*/jest.config.cjs',
    '<rootDir>/tools/jest.config.cjs',
  ],
};
