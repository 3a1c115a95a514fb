import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { transformSync } from '@swc/core';

// deploy/source-map-stacks.cjs: what the image does instead of Node's source maps for every module
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { installSourceMapStacks } = require('../../deploy/source-map-stacks.cjs') as {
  installSourceMapStacks(dist: string): void;
};

describe('stack traces of the compiled services', () => {
  const saved = Error.prepareStackTrace;
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'pawline-stacks-'));
  });
  afterAll(() => {
    Error.prepareStackTrace = saved;
    rmSync(dir, { recursive: true, force: true });
  });

  it('point at the TypeScript line of a frame under dist, read from its map only when a stack is formatted', () => {
    const source = [
      'type Pet = { name: string };',
      '',
      'export function fail(pet: Pet): never {',
      '  // several lines of types disappear in the JavaScript, so its line numbers differ',
      '  throw new Error(`no ${pet.name}`);',
      '}',
      '',
    ].join('\n');
    const dist = path.join(dir, 'dist');
    const file = path.join(dist, 'pet.js');
    const { code, map } = transformSync(source, {
      filename: path.join(dir, 'src', 'pet.ts'),
      sourceFileName: '../src/pet.ts',
      sourceMaps: true,
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'commonjs' },
    });
    mkdirSync(dist, { recursive: true });
    writeFileSync(file, `${code}\n//# sourceMappingURL=pet.js.map\n`);
    writeFileSync(`${file}.map`, map ?? '');
    installSourceMapStacks(dist);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { fail } = require(file) as { fail(pet: { name: string }): never };
    let stack = '';
    try {
      fail({ name: 'Luna' });
    } catch (error) {
      stack = (error as Error).stack ?? '';
    }
    expect(stack.split('\n')[0]).toBe('Error: no Luna');
    expect(stack).toContain(`${path.join(dir, 'src', 'pet.ts')}:5:`);
    expect(stack).not.toContain(`${file}:`);
  });

  it('leave frames outside dist as they are', () => {
    installSourceMapStacks(path.join(dir, 'elsewhere'));
    const stack = new Error('here').stack ?? '';
    expect(stack).toContain(`${__filename}:`);
  });
});
