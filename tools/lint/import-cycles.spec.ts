import path from 'node:path';
import { importCycles, importGraph, sourceFiles, type ImportGraph } from './import-cycles';

const root = path.resolve(__dirname, '..', '..');
const LIBS = ['contracts', 'domain', 'nest-kit', 'ui', 'api-client', 'i18n'];
const aliases: Record<string, string> = {
  ...Object.fromEntries(LIBS.map((lib) => [`@pawline/${lib}`, path.join(root, 'libs', lib, 'src', 'index.ts')])),
  '@pawline/nest-kit/testing': path.join(root, 'libs', 'nest-kit', 'src', 'testing', 'index.ts'),
};

describe('import circles', () => {
  it('no file of libs, services, frontends, tools or e2e imports itself through others', () => {
    const files = sourceFiles(root, ['libs', 'services', 'frontends', 'tools', 'e2e']);
    const cycles = importCycles(importGraph(files, aliases)).map((cycle) => cycle.map((file) => path.relative(root, file)));
    expect(cycles).toEqual([]);
  });

  it('finds a circle of two files, a longer one and a file importing itself, and nothing in a chain', () => {
    const graph: ImportGraph = new Map([
      ['frame', ['signed-in', 'platform']],
      ['signed-in', ['frame']],
      ['platform', []],
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'platform']],
      ['self', ['self']],
      ['chain', ['a']],
    ]);
    expect(importCycles(graph).sort()).toEqual([['a', 'b', 'c'], ['frame', 'signed-in'], ['self']]);
  });
});
