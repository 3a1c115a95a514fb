import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HTTP_ROUTES } from '@pawline/contracts';
import { API_ROUTES } from './api-routes.generated';
import { renderApiRoutes } from './api-routes.render';

const FILE = join(__dirname, 'api-routes.generated.ts');

/** The workspace's Prettier in its own process (it loads its plugins with import(), which jest's VM refuses). */
function formatted(text: string): string {
  // resolved, not joined to this checkout: a copy of the workspace under tmp/ (the generators' test) has no node_modules of its own
  const prettier = require.resolve('prettier/bin/prettier.cjs');
  return execFileSync(process.execPath, [prettier, '--stdin-filepath', FILE], { input: text, encoding: 'utf8' });
}

describe('api-routes.generated.ts', () => {
  it('is the rendering of the route declarations in libs/contracts (WRITE_API_ROUTES=1 rewrites it)', () => {
    const expected = formatted(renderApiRoutes());
    if (process.env['WRITE_API_ROUTES'] === '1') writeFileSync(FILE, expected);
    expect(readFileSync(FILE, 'utf8')).toBe(expected);
  });

  it('has the method, path and transfer of each declaration under its name', () => {
    const declared = Object.fromEntries(
      Object.entries(HTTP_ROUTES).map(([name, route]) => [
        name,
        { method: route.method, path: route.path, ...('transfer' in route ? { transfer: route.transfer } : {}) },
      ]),
    );
    expect(API_ROUTES).toEqual(declared);
  });
});
