// Shared jest settings: swc compiles our TypeScript and the ESM-only packages (NestJS 12)
// into CommonJS, since jest's module system cannot require ES modules.
const { nodeSwcOptions, libs, root } = require('./tools/swc/swc-options.cjs');

// jose (access tokens); htmlparser2 and its dom packages: the parser of sanitize-html (identity's admin notification)
const esmPackages = [
  '@nestjs',
  '@nats-io',
  '@tanstack',
  'uuid',
  'nanoid',
  'jose',
  'htmlparser2',
  'domhandler',
  'domutils',
  'dom-serializer',
  'entities',
  'domelementtype',
  // file-type 22 and its tokenizers are ESM only
  'file-type',
  'strtok3',
  'token-types',
  '@tokenizer',
  'uint8array-extras',
  '@borewit',
];

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j|mj)sx?$': ['@swc/jest', nodeSwcOptions()] },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleNameMapper: Object.fromEntries([
    ['^@pawline/nest-kit/testing$', `${root}/libs/nest-kit/src/testing/index.ts`],
    ...libs.map((lib) => [`^@pawline/${lib}$`, `${root}/libs/${lib}/src/index.ts`]),
  ]),
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};
