// Every project's jest config; `npm test` runs them through tools/launcher/test.cjs.
module.exports = {
  projects: [
    '<rootDir>/libs/*/jest.config.cjs',
    '<rootDir>/services/*/jest.config.cjs',
    '<rootDir>/frontends/*/jest.config.cjs',
    '<rootDir>/tools/jest.config.cjs',
  ],
};
