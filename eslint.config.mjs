// Lint for the whole workspace (ESLint 9 flat config). Typed rules use typescript-eslint's
// project service, so one TypeScript program serves every file and the run stays fast.
// Boundaries follow docs/architecture.md ("The layers"): services never import each other, remotes never import
// each other; both only reach the shared libs their tag allows.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import { createProjectGraphAsync } from '@nx/devkit';

// @nx/enforce-module-boundaries reads the cached project graph and silently skips when there
// is none (fresh clone, CI): build it first, without leaving an Nx daemon behind.
process.env.NX_DAEMON = 'false';
await createProjectGraphAsync({ exitOnError: false });

// Node's globals are this process's (AbortController, fetch, TextEncoder …), no list to keep.
const nodeGlobals = Object.fromEntries(Object.getOwnPropertyNames(globalThis).map((name) => [name, 'readonly']));

export const depConstraints = [
  { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:contracts', 'type:domain', 'type:nest-kit'] },
  { sourceTag: 'type:shell', onlyDependOnLibsWithTags: ['type:contracts', 'type:domain', 'type:ui', 'type:api-client', 'type:i18n'] },
  { sourceTag: 'type:remote', onlyDependOnLibsWithTags: ['type:contracts', 'type:domain', 'type:ui', 'type:api-client', 'type:i18n'] },
  { sourceTag: 'type:nest-kit', onlyDependOnLibsWithTags: ['type:contracts', 'type:domain'] },
  { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:i18n', 'type:domain', 'type:contracts'] },
  { sourceTag: 'type:api-client', onlyDependOnLibsWithTags: ['type:contracts'] },
  // libs/domain writes its rules over the lists of libs/contracts' zod-free constants entry
  { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:contracts'] },
  { sourceTag: 'type:i18n', onlyDependOnLibsWithTags: ['type:contracts'] },
  { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['*'] },
];

const boundaries = {
  enforceBuildableLibDependency: false,
  allowCircularSelfDependency: true,
  banTransitiveDependencies: false,
  depConstraints,
};

// Tests start for real what they test against: another service by its definition (as the launcher
// does), a service's integration-test helpers, the launcher's service discovery and the providers'
// fakes over HTTP. Those imports, and only those, cross a boundary in a test file.
export const testImportsAllowed = [
  '^(\\.\\./)+[a-z-]+/src/[a-z-]+\\.service-definition$',
  '^(\\.\\./)+[a-z-]+/test/integration/[a-z-]+-helpers$',
  '^(\\.\\./)+tools/fake-(stripe|whatsapp)/fake-(stripe|whatsapp)-server$',
  // Meta's OpenAPI document as the fake's toolbox reads it: adapters are checked against the provider's own reference
  '^(\\.\\./)+tools/fake-whatsapp/meta-reference$',
  '^(\\.\\./)+tools/launcher/(cohost|service-selection)$',
  // invoices read back as text with pdf.js, as the browser tests read the downloaded PDF
  '^(\\.\\./)+tools/pdf-text/pdf-text$',
];
const testFiles = ['**/*.spec.ts', '**/*.spec.tsx', '**/*.integration-spec.ts', '**/*.e2e-spec.ts', '**/*.test.ts', '**/*.test.tsx'];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '.data/**', '.nx/**', 'coverage/**', 'tmp/**', 'test-results/**'],
  },
  js.configs.recommended,
  // Plain JavaScript (launchers, configs): Node globals, no type information.
  {
    files: ['**/*.cjs', '**/*.js'],
    languageOptions: {
      sourceType: 'commonjs',
      ecmaVersion: 2023,
      globals: {
        ...nodeGlobals,
        require: 'readonly',
        module: 'writable',
        exports: 'writable',
        __dirname: 'readonly',
        __filename: 'readonly',
      },
    },
    rules: { 'no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none' }] },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: {
      sourceType: 'module',
      ecmaVersion: 2023,
      globals: nodeGlobals,
    },
  },
  // TypeScript: typed rules through the project service (tsconfig.json).
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Nest and zod lean on patterns these rules flag without finding bugs.
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/require-await': 'off',
      // a leftover `!` or `as` is noise, not a bug: shown, never blocking
      '@typescript-eslint/no-unnecessary-type-assertion': 'warn',
      '@nx/enforce-module-boundaries': ['error', boundaries],
    },
  },
  {
    files: testFiles,
    rules: { '@nx/enforce-module-boundaries': ['error', { ...boundaries, allow: testImportsAllowed }] },
  },
  // Tools (launcher, demo data, benchmarks) are the glue: they load services, which are
  // applications without an import alias, by path. Everything else keeps its boundaries.
  {
    files: ['tools/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  // Tests use jest's loose matchers (expect.any etc. return `any`).
  {
    files: [...testFiles, 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
);
