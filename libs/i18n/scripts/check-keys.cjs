#!/usr/bin/env node
// Counts, per language, the English keys that are missing and the texts whose {placeholders}
// differ from English (R1.03). Exits 1 when anything is missing or mismatched.
const fs = require('node:fs');
const path = require('node:path');

const localesDir = path.join(__dirname, '..', 'src', 'locales');
const reference = 'en';
const languages = fs
  .readdirSync(localesDir)
  .filter((l) => l !== reference)
  .sort();
const namespaces = fs.readdirSync(path.join(localesDir, reference)).filter((f) => f.endsWith('.json'));

function read(language, file) {
  const full = path.join(localesDir, language, file);
  return fs.existsSync(full) ? JSON.parse(fs.readFileSync(full, 'utf8')) : {};
}

function placeholders(text) {
  return [...new Set([...String(text).matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]))].sort().join(',');
}

let problems = 0;
for (const language of languages) {
  const missing = [];
  const mismatched = [];
  const extra = [];
  for (const file of namespaces) {
    const ns = file.replace(/\.json$/, '');
    const en = read(reference, file);
    const other = read(language, file);
    for (const key of Object.keys(en)) {
      if (!(key in other)) missing.push(`${ns}.${key}`);
      else if (placeholders(en[key]) !== placeholders(other[key])) mismatched.push(`${ns}.${key}`);
    }
    for (const key of Object.keys(other)) if (!(key in en)) extra.push(`${ns}.${key}`);
  }
  problems += missing.length + mismatched.length;
  console.log(`${language}: ${missing.length} missing, ${mismatched.length} placeholder mismatches, ${extra.length} extra`);
  for (const key of missing) console.log(`  missing ${key}`);
  for (const key of mismatched) console.log(`  placeholders differ ${key}`);
  for (const key of extra) console.log(`  extra ${key}`);
}
process.exit(problems > 0 ? 1 : 0);
