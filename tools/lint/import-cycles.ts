import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// Import circles in our TypeScript: a file that (through others) imports itself. Static, dynamic
// (`import('./x')`) and type-only imports all count, and `@pawline/<lib>` leads to the library's
// entry file, so a circle between two libraries counts too. ESLint's import plugin is not installed;
// TypeScript's own pre-processor finds the imports.

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'migrations', 'templates', 'files', 'fixtures', 'reference']);

export type ImportGraph = Map<string, string[]>;

/** Every .ts/.tsx file under `dirs` (relative to `root`), tests included, generators' templates aside. */
export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return SKIPPED_FOLDERS.has(name) ? [] : walk(full);
      return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
    });
  return dirs
    .map((dir) => path.join(root, dir))
    .filter((dir) => existsSync(dir))
    .flatMap(walk);
}

function resolve(from: string, specifier: string, aliases: Readonly<Record<string, string>>): string | null {
  const aliased = aliases[specifier];
  if (aliased) return aliased;
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  if (/\.tsx?$/.test(base) && existsSync(base)) return base;
  for (const extension of EXTENSIONS) if (existsSync(base + extension)) return base + extension;
  return null;
}

/** Who imports whom among `files`; `aliases` maps a bare specifier (`@pawline/domain`) to its entry file. */
export function importGraph(files: readonly string[], aliases: Readonly<Record<string, string>>): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.map((imported) => resolve(file, imported.fileName, aliases)).filter((target) => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The circles of a graph: each a strongly connected set of two or more files, or one file importing itself. */
export function importCycles(graph: ImportGraph): string[][] {
  // Tarjan's algorithm, iterative so a deep import chain cannot overflow the stack
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const target = edges[frame.edge++];
        if (!graph.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node) ?? 0, index.get(target) ?? 0));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0));
      if (low.get(frame.node) === index.get(frame.node)) {
        const members: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop();
          if (member === undefined) break;
          onStack.delete(member);
          members.push(member);
        } while (member !== frame.node);
        if (members.length > 1 || edges.includes(frame.node)) cycles.push(members.sort());
      }
    }
  }
  return cycles;
}
