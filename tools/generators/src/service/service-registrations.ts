// Text edits that register a new service where the rest of the repository looks for it. Each
// takes a file's source and gives it back changed, the same when already registered, or null
// when the file no longer has the shape the edit expects (the generator then names it).

/** Inserts a line after the file's last `import` line (or first, when it has none). */
function afterLastImport(source: string, line: string): string {
  const imports = [...source.matchAll(/^import [^;]*;\n/gm)];
  const last = imports[imports.length - 1];
  if (!last || last.index === undefined) return `${line}\n${source}`;
  const at = last.index + last[0].length;
  return `${source.slice(0, at)}${line}\n${source.slice(at)}`;
}

/** An object key as written in our code: bare when it can be, quoted otherwise. */
function objectKey(name: string): string {
  return /^[a-zA-Z_$][a-zA-Z0-9_$]*$/.test(name) ? name : `'${name}'`;
}

/** libs/contracts/src/index.ts: `export * from './<name>';`. */
export function registerContractsIndex(source: string, name: string): string {
  const line = `export * from './${name}';`;
  if (source.includes(line)) return source;
  return `${source.trimEnd()}\n${line}\n`;
}

/** libs/contracts/src/subjects.ts: the service's contracts in CONTRACTS_BY_SERVICE (the subject table). */
export function registerSubjects(source: string, name: string, propertyName: string): string | null {
  const table = /export const CONTRACTS_BY_SERVICE = \{([^}]*)\}/;
  const match = table.exec(source);
  if (!match) return null;
  const importLine = `import * as ${propertyName} from './${name}';`;
  if (source.includes(importLine)) return source;
  const entries = (match[1] ?? '').trim().replace(/,$/, '');
  const entry = name === propertyName ? name : `${objectKey(name)}: ${propertyName}`;
  const withEntry = source.replace(table, `export const CONTRACTS_BY_SERVICE = { ${entries ? `${entries}, ` : ''}${entry} }`);
  return afterLastImport(withEntry, importLine);
}

/** services/gateway/src/routes/gateway.routes.ts: the service's routes in the gateway's table. */
export function registerGatewayRoutes(source: string, name: string, propertyName: string): string | null {
  const routes = `${propertyName}Routes`;
  if (new RegExp(`\\.\\.\\.${routes}\\b`).test(source)) return source;
  // before the gateway's own health routes, after the services' routes
  const anchor = /^(\s*)\.\.\.healthRoutes\(/m;
  const match = anchor.exec(source);
  if (!match) return null;
  const withSpread = source.replace(anchor, `${match[1]}...${routes},\n${match[1]}...healthRoutes(`);
  return afterLastImport(withSpread, `import { ${routes} } from './${name}.routes';`);
}

/** Inserts a line after the last line the pattern matches, or null when none does. */
function afterLastMatch(source: string, pattern: RegExp, line: string): string | null {
  const matches = [...source.matchAll(pattern)];
  const last = matches[matches.length - 1];
  if (!last || last.index === undefined) return null;
  const at = last.index + last[0].length;
  return `${source.slice(0, at)}${line}\n${source.slice(at)}`;
}

/**
 * libs/contracts/src/http/index.ts: the area's declarations exported like the others and spread
 * last into HTTP_ROUTES (the order API_ROUTES is rendered in).
 */
export function registerHttpRoutes(source: string, name: string, area: string): string | null {
  const table = /(export const HTTP_ROUTES = \{)([^}]*)(\} as const;)/;
  const match = table.exec(source);
  if (!match) return null;
  if (new RegExp(`\\.\\.\\.${area}\\b`).test(source)) return source;
  const entries = (match[2] ?? '').trimEnd();
  const separator = entries === '' || entries.endsWith(',') ? '' : ',';
  const withEntry = source.replace(table, `$1${entries}${separator}\n  ...${area},\n$3`);
  const withExport = afterLastMatch(withEntry, /^export \* from '\.\/[^']+\.routes';\n/gm, `export * from './${name}.routes';`);
  if (withExport === null) return null;
  return afterLastImport(withExport, `import { ${area} } from './${name}.routes';`);
}

/** libs/contracts/src/http/http-routes.spec.ts: the area among those whose names must not hide each other. */
export function registerHttpRoutesSpec(source: string, name: string, area: string): string | null {
  const list = /const areas = \[([^\]]*)\]/;
  const match = list.exec(source);
  if (!match) return null;
  const areas = (match[1] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (areas.includes(area)) return source;
  const withArea = source.replace(list, `const areas = [${[...areas, area].join(', ')}]`);
  return afterLastImport(withArea, `import { ${area} } from './${name}.routes';`);
}

/** A new entry of API_ROUTES, as libs/api-client/src/api-route-entry.ts renders it. */
export type ApiRouteEntry = { name: string; line: string };

/**
 * libs/api-client/src/api-routes.generated.ts: the area's entries appended to API_ROUTES, which is
 * where the renderer puts them when the area is the last spread of HTTP_ROUTES.
 */
export function registerApiRoutes(source: string, entries: readonly ApiRouteEntry[]): string | null {
  const start = source.indexOf('export const API_ROUTES');
  const end = source.lastIndexOf('\n};');
  if (start < 0 || end < start) return null;
  const missing = entries.filter((entry) => !new RegExp(`^\\s*${entry.name}:`, 'm').test(source.slice(start, end)));
  if (missing.length === 0) return source;
  return `${source.slice(0, end)}\n${missing.map((entry) => entry.line).join('\n')}${source.slice(end)}`;
}

/** The health ports tools/launcher/stack.cjs knows (SERVICE_PORTS), or null when it has none. */
export function launcherPorts(source: string): Record<string, number> | null {
  const match = /const SERVICE_PORTS = \{([^}]*)\};/.exec(source);
  if (!match) return null;
  const ports: Record<string, number> = {};
  for (const [, key, port] of (match[1] ?? '').matchAll(/['"]?([a-z][a-z0-9-]*)['"]?\s*:\s*(\d+)/g)) ports[key ?? ''] = Number(port);
  return ports;
}

/** tools/launcher/stack.cjs: the service's health port in SERVICE_PORTS (the launcher waits on it). */
export function registerLauncherPort(source: string, name: string, port: number): string | null {
  const ports = launcherPorts(source);
  if (!ports) return null;
  if (ports[name] === port) return source;
  if (ports[name] !== undefined) return source.replace(new RegExp(`(['"]?${name}['"]?\\s*:\\s*)\\d+`), `$1${port}`);
  const start = source.indexOf('const SERVICE_PORTS = {');
  const end = source.indexOf('\n};', start);
  if (start < 0 || end < 0) return null;
  const body = source.slice(start, end).trimEnd();
  const separator = body.endsWith(',') || body.endsWith('{') ? '' : ',';
  return `${source.slice(0, start)}${body}${separator}\n  ${objectKey(name)}: ${port},${source.slice(end)}`;
}
