const preset = require('../../jest.preset.cjs');

// sanitize-html (the admin notification) parses with htmlparser2, whose packages ship ES modules only
const sanitizerParser = ['htmlparser2', 'domhandler', 'domutils', 'dom-serializer', 'entities', 'domelementtype'];

module.exports = {
  ...preset,
  displayName: 'identity',
  rootDir: __dirname,
  transformIgnorePatterns: preset.transformIgnorePatterns.map((pattern) => pattern.replace('(?!(', `(?!(${sanitizerParser.join('|')}|`)),
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.integration-spec.ts'],
};
