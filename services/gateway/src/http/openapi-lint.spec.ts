import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { GatewayHealthChecker } from '../health/gateway-health';
import { gatewayRoutes } from '../routes/gateway.routes';
import { buildOpenApi } from './openapi';

/**
 * Issue 33: /api/openapi.json as an integrator's tools read it. Redocly's recommended rules must find
 * no error in the whole document (the dev mailbox's routes included), and every operation documents its
 * 4xx answers with the one error schema.
 */

jest.setTimeout(30_000);

type Response = { $ref?: string; headers?: Record<string, unknown>; content?: Record<string, { schema?: Record<string, unknown> }> };
type Operation = { responses: Record<string, Response>; requestBody?: unknown };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, Response>; schemas: Record<string, unknown> };
};

type LintProblem = { ruleId: string; severity: 'error' | 'warn'; message: string; location: { pointer: string }[] };

const run = promisify(execFile);
const workspace = join(__dirname, '../../../..');

function wholeDocument(): Document {
  const routes = gatewayRoutes({ mailSandbox: true, health: {} as GatewayHealthChecker });
  return buildOpenApi(routes, { version: '1', serverUrl: 'https://pawline.example/api/v1' }) as unknown as Document;
}

async function redoclyLint(document: Document): Promise<{ totals: { errors: number; warnings: number }; problems: LintProblem[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'pawline-openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const cli = join(workspace, 'node_modules/@redocly/cli/bin/cli.js');
    // the CLI exits 1 when it finds an error: its report is on stdout either way
    const output = await run(process.execPath, [cli, 'lint', '--format=json', file], {
      cwd: dir,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      maxBuffer: 32 * 1024 * 1024,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    return JSON.parse(output.stdout) as { totals: { errors: number; warnings: number }; problems: LintProblem[] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the API document for integrators (issue 33)', () => {
  const document = wholeDocument();

  it("passes Redocly's recommended rules with no error", async () => {
    const report = await redoclyLint(document);
    const errors = report.problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer ?? ''})`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  it('R7.03 keeps the notification routes of one path template in one path item, GET and DELETE with the same parameters', () => {
    const item = document.paths['/api/v1/orga/{orga}/store/{store}/notification/{anchor}/{qualifier}'];
    expect(Object.keys(item ?? {}).sort()).toEqual(['delete', 'get']);
    const templates = Object.keys(document.paths).map((path) => path.replace(/\{[^}]+\}/g, '{}'));
    expect(templates.filter((template, index) => templates.indexOf(template) !== index)).toEqual([]);
  });

  it('documents the 4xx answers of every operation with the one error schema', () => {
    const errorShape = (schema: Record<string, unknown> | undefined) => {
      const properties = (schema?.['properties'] ?? {}) as Record<string, unknown>;
      return schema?.['$ref'] === '#/components/schemas/Error' || ('code' in properties && 'message' in properties);
    };
    const problems: string[] = [];
    for (const [path, methods] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(methods)) {
        const clientErrors = Object.entries(operation.responses).filter(([status]) => /^4\d\d$/.test(status));
        if (clientErrors.length === 0) problems.push(`${method} ${path}: no 4xx answer`);
        for (const [status, response] of clientErrors) {
          const resolved = response.$ref ? document.components.responses[response.$ref.replace('#/components/responses/', '')] : response;
          if (response.$ref && response.$ref !== `#/components/responses/${status}`)
            problems.push(`${method} ${path} ${status}: refers to ${response.$ref}`);
          if (!errorShape(resolved?.content?.['application/json']?.schema))
            problems.push(`${method} ${path} ${status}: not the error schema`);
        }
        // a JSON body can be sent with a wrong type, and every body can be too large
        if (operation.requestBody && !operation.responses['415']) problems.push(`${method} ${path}: a body without 415`);
        if (operation.responses['429'] && !document.components.responses['429']?.headers?.['Retry-After'])
          problems.push(`${method} ${path}: 429 without Retry-After`);
      }
    expect(problems).toEqual([]);
    expect(document.components.schemas['Error']).toMatchObject({ required: expect.arrayContaining(['code', 'message']) });
  });
});
