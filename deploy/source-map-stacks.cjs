// Stack traces of the compiled services point at their TypeScript, without Node's source-map support.
// `--enable-source-maps` (or process.setSourceMapsEnabled) reads and parses the map of every module as it
// loads, node_modules included (typeorm and the OpenTelemetry packages ship theirs with their sources):
// 10–16 MB per process at rest, for stacks that are rarely printed (deploy/README.md, "Memory"). Here only the frames in
// `dist` are mapped, and a map is read the first time a stack through its file is formatted.
const fs = require('node:fs');
const path = require('node:path');
const { SourceMap } = require('node:module');

/** Formats `error.stack` with the frames under `dist` mapped to their sources (file.js.map beside each file). */
function installSourceMapStacks(dist) {
  const root = `${path.resolve(dist)}${path.sep}`;
  const maps = new Map();
  const mapOf = (file) => {
    if (maps.has(file)) return maps.get(file);
    let map = null;
    try {
      map = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')));
    } catch {
      // no map, or an unreadable one: the frame keeps its JavaScript position
    }
    maps.set(file, map);
    return map;
  };
  const mapped = (frame) => {
    const text = String(frame);
    const file = frame.getFileName();
    const line = frame.getLineNumber();
    const column = frame.getColumnNumber();
    if (!file || !file.startsWith(root) || !line || !column) return text;
    const entry = mapOf(file)?.findEntry(line - 1, column - 1);
    if (!entry?.originalSource) return text;
    const source = path.resolve(path.dirname(file), entry.originalSource);
    return text.replace(`${file}:${line}:${column}`, `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`);
  };
  Error.prepareStackTrace = (error, frames) => {
    let head;
    try {
      head = Error.prototype.toString.call(error);
    } catch {
      head = '<error>';
    }
    return [head, ...frames.map((frame) => `    at ${mapped(frame)}`)].join('\n');
  };
}

module.exports = { installSourceMapStacks };
