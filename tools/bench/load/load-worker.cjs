// Runs one autocannon load in its own process (the figures of a server must not include the
// load generator's own event-loop delays) and prints its result as one JSON line.
// Input: one JSON argument { url, headers, duration, connections, overallRate?, paths? }.
const autocannon = require('autocannon');

/** The p-th percentile of sorted latencies, to a tenth of a millisecond. */
function percentile(sorted, p) {
  const value = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  return value === undefined ? Number.NaN : Math.round(value * 10) / 10;
}

const options = JSON.parse(process.argv[2] ?? '{}');
const latencies = [];
const instance = autocannon(
  {
    url: options.url,
    headers: options.headers,
    duration: options.duration,
    connections: options.connections,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    ...(options.paths ? { requests: options.paths.map((path) => ({ method: 'GET', path })) } : {}),
  },
  (error, result) => {
    if (error) {
      console.error(error.message);
      process.exit(1);
    }
    latencies.sort((a, b) => a - b);
    const summary = {
      requestsPerSecond: result.requests.average,
      answers: latencies.length,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      failures: result.non2xx + result.errors + result.timeouts,
    };
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  },
);
instance.on('response', (_client, _status, _bytes, responseTimeMs) => latencies.push(responseTimeMs));
