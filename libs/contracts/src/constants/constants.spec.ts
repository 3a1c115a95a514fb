import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import * as constants from './index';
import { REMINDER_STATUS, REMINDER_STATUS_NAMES, reminderStatusName } from './messages';

const root = path.resolve(__dirname, '..', '..', '..', '..');
const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?'([^']+)'/g;

/** The files an entry file reaches through its imports and re-exports (types included). */
function reached(entry: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const visit = (file: string) => {
    if (found.has(file)) return;
    const specifiers = [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => m[3]);
    found.set(file, specifiers);
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) visit(require.resolve(path.resolve(path.dirname(file), specifier)));
    }
  };
  visit(require.resolve(entry));
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' || name === 'testing' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.(spec|test)\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('the constants entry of libs/contracts', () => {
  it('imports nothing but files of libs/contracts that import nothing else: no zod', () => {
    const files = reached(path.join(__dirname, 'index.ts'));
    const outside = [...files].flatMap(([file, specifiers]) =>
      specifiers.filter((s) => !s.startsWith('.')).map((s) => `${path.relative(root, file)} imports ${s}`),
    );
    expect(outside).toEqual([]);
    for (const file of files.keys()) expect(path.relative(path.join(root, 'libs', 'contracts', 'src'), file)).not.toMatch(/^\.\./);
  });

  it("is what browser code takes of libs/contracts' values, so no bundle gains zod (types it may take of anything)", () => {
    const exported = new Set(Object.keys(constants));
    const browser = [
      ...readdirSync(path.join(root, 'frontends')).flatMap((name) => {
        const src = path.join(root, 'frontends', name, 'src');
        return statSync(path.join(root, 'frontends', name)).isDirectory() && exists(src) ? sourceFiles(src) : [];
      }),
      ...['ui', 'api-client', 'i18n'].flatMap((lib) => sourceFiles(path.join(root, 'libs', lib, 'src'))),
    ].filter((file) => !file.endsWith('.render.ts'));
    const taken: string[] = [];
    for (const file of browser) {
      for (const m of readFileSync(file, 'utf8').matchAll(/(import|export)\s+(type\s+)?\{([^}]*)\}\s+from\s+'@pawline\/contracts'/g)) {
        if (m[2]) continue;
        for (const name of m[3].split(',').map((part) => part.trim())) {
          const value = name.split(/\s+as\s+/)[0];
          if (value && !value.startsWith('type ') && !exported.has(value)) taken.push(`${path.relative(root, file)}: ${value}`);
        }
      }
    }
    expect(taken).toEqual([]);
  });

  it('names every reminder status number, and no other number', () => {
    for (const [name, value] of Object.entries(REMINDER_STATUS)) {
      expect(REMINDER_STATUS_NAMES[value]).toBe(name);
      expect(reminderStatusName(value)).toBe(name);
    }
    expect(Object.keys(REMINDER_STATUS_NAMES)).toHaveLength(Object.keys(REMINDER_STATUS).length);
    expect(reminderStatusName(null)).toBeNull();
    expect(reminderStatusName(undefined)).toBeNull();
    expect(reminderStatusName(42)).toBeNull();
    expect(reminderStatusName(-1)).toBeNull();
  });
});

function exists(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
