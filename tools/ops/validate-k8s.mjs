// Validates Kubernetes objects against the schemas of the pinned npm packages kubernetes-models
// (core kinds) and @kubernetes-models/keda (ScaledObject); no cluster, no network.
//   kubectl kustomize deploy/k8s/overlays/production | node tools/ops/validate-k8s.mjs --yaml
//   node tools/ops/validate-k8s.mjs < objects.json            (a JSON array, as the jest spec sends)
// Prints a JSON array: one { apiVersion, kind, name, error } per object (error null when valid);
// exits 1 when any object is invalid or has no schema here.
import { createRequire } from 'node:module';
import * as keda from '@kubernetes-models/keda';

const require = createRequire(import.meta.url);

/** apiVersion → module of kubernetes-models ('' group = core). */
async function modelFor(apiVersion, kind) {
  if (apiVersion === 'keda.sh/v1alpha1') return keda.kedaSh.v1alpha1[kind] ?? null;
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  if (!/^[a-z0-9.]*$/.test(group) || !/^v\d+((alpha|beta)\d+)?$/.test(version ?? '')) return null;
  try {
    const models = await import(`kubernetes-models/${group ? `${group}/` : ''}${version}`);
    return models[kind] ?? null;
  } catch {
    return null;
  }
}

/** kustomize folds long base64 values of a Secret over lines; the API server ignores the line breaks, the schema's format does not. */
function withoutLineBreaks(object) {
  if (object?.kind !== 'Secret' || !object.data) return object;
  const data = Object.fromEntries(
    Object.entries(object.data).map(([key, value]) => [key, typeof value === 'string' ? value.replace(/[\r\n]/g, '') : value]),
  );
  return { ...object, data };
}

export async function validateObjects(objects) {
  const results = [];
  for (const object of objects) {
    const { apiVersion = '', kind = '', metadata = {} } = object ?? {};
    const result = { apiVersion, kind, name: metadata.name ?? null, error: null };
    const Model = await modelFor(apiVersion, kind);
    if (!Model) result.error = `no schema for ${apiVersion} ${kind}`;
    else {
      try {
        new Model(withoutLineBreaks(object)).validate();
      } catch (error) {
        result.error = error instanceof Error ? error.message : String(error);
      }
    }
    results.push(result);
  }
  return results;
}

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

const input = await readStdin();
const objects = process.argv.includes('--yaml')
  ? require('yaml')
      .parseAllDocuments(input)
      .map((doc) => doc.toJS())
      .filter(Boolean)
  : JSON.parse(input);
const results = await validateObjects(objects);
process.stdout.write(`${JSON.stringify(results, null, process.stdout.isTTY ? 2 : 0)}\n`);
process.exitCode = results.some((r) => r.error) ? 1 : 0;
