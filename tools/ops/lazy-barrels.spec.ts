import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

// deploy/lazy-barrels.cjs: the barrels of the image's libraries, loaded on first use (docs/adr/0037)
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { parseBarrel, makeBarrelsLazy } = require('../../deploy/lazy-barrels.cjs') as {
  parseBarrel(source: string): unknown[] | null;
  makeBarrelsLazy(libDirs: { srcDir: string; outDir: string }[], requireCompiled: (file: string) => object): string[];
};

/** Runs a script in a plain node (no jest registry) and answers what it printed as JSON. */
function inNode(script: string): unknown {
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

describe('lazy barrels of the compiled libraries', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'pawline-barrels-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a barrel of re-exports and side-effect imports, and leaves any other index alone', () => {
    expect(
      parseBarrel(
        [
          '// first: hooks http before anything loads it',
          "import './early';",
          "export * from './a';",
          '/* named, renamed and type-only */',
          "export { one, two as deux, type Three } from './b';",
          "export type { Four } from './c';",
          '',
        ].join('\n'),
      ),
    ).toEqual([
      { kind: 'side-effect', request: './early' },
      { kind: 'star', request: './a' },
      {
        kind: 'named',
        request: './b',
        names: [
          { imported: 'one', exported: 'one' },
          { imported: 'two', exported: 'deux' },
        ],
      },
    ]);
    expect(parseBarrel("import { x } from './a';\nexport const y = x;\n")).toBeNull();
    expect(parseBarrel("export * as a from './a';\n")).toBeNull();
    expect(parseBarrel('export const answer = 42;\n')).toBeNull();
    expect(parseBarrel('// nothing\n')).toBeNull();
  });

  it('defines the same names with the same values, and loads a module only when one of its names is read', () => {
    const src = path.join(dir, 'src');
    const out = path.join(dir, 'out');
    mkdirSync(path.join(src, 'pets'), { recursive: true });
    mkdirSync(path.join(out, 'pets'), { recursive: true });
    writeFileSync(path.join(src, 'index.ts'), "import './early';\nexport * from './pets';\nexport { size as petSize } from './size';\n");
    writeFileSync(path.join(src, 'pets', 'index.ts'), "export * from './dog';\nexport * from './cat';\n");
    // what swc makes of the same files (CommonJS), plus a record of which modules ran
    const module = (name: string, body: string) =>
      `"use strict";\n(globalThis.loaded ??= []).push(${JSON.stringify(name)});\nObject.defineProperty(exports, "__esModule", { value: true });\n${body}\n`;
    writeFileSync(path.join(out, 'early.js'), module('early', ''));
    writeFileSync(path.join(out, 'size.js'), module('size', 'exports.size = "medium";'));
    writeFileSync(path.join(out, 'pets', 'dog.js'), module('dog', 'exports.dog = { kind: "dog" }; exports.shared = "from dog";'));
    writeFileSync(path.join(out, 'pets', 'cat.js'), module('cat', 'exports.cat = { kind: "cat" }; exports.shared = "from cat";'));
    const eager = (files: string[]) =>
      module(
        'barrel',
        files
          .map((file) => `for (const [k, v] of Object.entries(require(${JSON.stringify(file)}))) if (!(k in exports)) exports[k] = v;`)
          .join('\n'),
      );
    writeFileSync(path.join(out, 'index.js'), eager(['./early', './pets']) + 'exports.petSize = require("./size").size;\n');
    writeFileSync(path.join(out, 'pets', 'index.js'), eager(['./dog', './cat']));
    const names = (file: string) =>
      inNode(
        `const m = require(${JSON.stringify(file)}); console.log(JSON.stringify({ keys: Object.keys(m).sort(), loaded: globalThis.loaded }))`,
      );
    const before = names(path.join(out, 'index.js')) as { keys: string[] };

    const rewritten = makeBarrelsLazy([{ srcDir: src, outDir: out }], (file) => createRequire(__filename)(file) as object);
    expect(rewritten.map((file) => path.relative(out, file)).sort()).toEqual(['index.js', path.join('pets', 'index.js')]);

    const index = JSON.stringify(path.join(out, 'index.js'));
    expect(
      inNode(`const m = require(${index}); console.log(JSON.stringify({ keys: Object.keys(m).sort(), loaded: globalThis.loaded }))`),
    ).toEqual({
      keys: before.keys,
      // the side-effect import runs at once, in its place; nothing else until read
      loaded: ['early'],
    });
    expect(
      inNode(
        `const m = require(${index}); const cat = m.cat; const shared = m.shared; const size = m.petSize; console.log(JSON.stringify({ cat, shared, size, loaded: globalThis.loaded }))`,
      ),
    ).toEqual({
      cat: { kind: 'cat' },
      // a name two stars export goes to the first, as swc's own barrels do
      shared: 'from dog',
      size: 'medium',
      loaded: ['early', 'cat', 'dog', 'size'],
    });
  });
});
