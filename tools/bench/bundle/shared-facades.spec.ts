// The frontends share Chakra and react-router as facades that re-export only what the app uses
// (frontends/rspack.shared.mjs). A name imported somewhere but missing from its facade would be
// undefined at run time in the browser only: this finds it first.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const FACADES: Record<string, string> = {
  '@chakra-ui/react': 'libs/ui/src/chakra/chakra-shared.ts',
  'react-router': 'frontends/shared/react-router-shared.mjs',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

// Tests render with the real packages (jest does not federate), so their imports do not count.
const isTest = (file: string) => /\.(spec|test)\.tsx?$|[\\/](testing|test-support)[\\/]/.test(file);

/** Value names imported from `specifier` (`import { A, type B, C as D }` gives A and C). */
export function valueImports(source: string, specifier: string): string[] {
  const pattern = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*'${specifier.replace(/[/.]/g, '\\$&')}'`, 'g');
  const names: string[] = [];
  for (const match of source.matchAll(pattern)) {
    if (match[1]) continue;
    for (const part of (match[2] ?? '').split(',')) {
      const name = part.trim();
      if (name && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0] ?? name);
    }
  }
  return names;
}

export function exportedNames(source: string): string[] {
  return [...source.matchAll(/export\s*\{([^}]*)\}\s*from/g)].flatMap((m) =>
    (m[1] ?? '')
      .split(',')
      .map(
        (part) =>
          part
            .trim()
            .split(/\s+as\s+/)
            .pop() ?? '',
      )
      .filter(Boolean),
  );
}

const appFiles = ['frontends', 'libs']
  .flatMap((top) => readdirSync(path.join(root, top), { withFileTypes: true }).map((d) => path.join(root, top, d.name, 'src')))
  .filter((dir) => {
    try {
      return readdirSync(dir).length > 0;
    } catch {
      return false;
    }
  })
  .flatMap(sourceFiles)
  .filter((file) => !isTest(file));

// A file outside the shell importing a Chakra component from its own entry would get a copy
// of Chakra without the shell's provider; the shell may (chakra-shared.ts says why). Dialog and
// Checkbox are shared under their entries (rspack.shared.mjs), so everyone takes them from there.
const CHAKRA_ENTRY = /from '@chakra-ui\/react\/(?!theme'|dialog'|checkbox')[a-z-]+'/;
const MAY_USE_CHAKRA_ENTRIES = [/^frontends\/shell\/src\//, /^libs\/ui\/src\/chakra\/chakra-shared\.ts$/];

describe('shared facades', () => {
  it('Dialog and Checkbox, shared under their own entries, are taken from there', () => {
    const viaFacade = appFiles.filter((file) =>
      valueImports(readFileSync(file, 'utf8'), '@chakra-ui/react').some((name) => name === 'Dialog' || name === 'Checkbox'),
    );
    expect(viaFacade).toEqual([]);
  });

  it('only the shell and the facade take other Chakra components from their own entries', () => {
    const offenders = appFiles
      .map((file) => path.relative(root, file))
      .filter((file) => CHAKRA_ENTRY.test(readFileSync(path.join(root, file), 'utf8')))
      .filter((file) => !MAY_USE_CHAKRA_ENTRIES.some((allowed) => allowed.test(file)));
    expect(offenders).toEqual([]);
  });

  it('reads value imports and skips types', () => {
    expect(valueImports(`import { Box, type BoxProps, Text as T } from '@chakra-ui/react';`, '@chakra-ui/react')).toEqual(['Box', 'Text']);
    expect(valueImports(`import type { Link } from 'react-router';`, 'react-router')).toEqual([]);
    expect(exportedNames(`export { A, B as C } from 'x';\nexport {\n  D,\n} from 'y';`)).toEqual(['A', 'C', 'D']);
  });

  it.each(Object.entries(FACADES))('every name a frontend imports from %s is in its facade', (specifier, facade) => {
    const exported = new Set(exportedNames(readFileSync(path.join(root, facade), 'utf8')));
    const missing = appFiles.flatMap((file) =>
      valueImports(readFileSync(file, 'utf8'), specifier)
        .filter((name) => !exported.has(name))
        .map((name) => `${name} (${path.relative(root, file)})`),
    );
    expect(missing).toEqual([]);
    expect(appFiles.length).toBeGreaterThan(50);
  });
});
