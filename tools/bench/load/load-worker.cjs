// Runs one load in its own process (the figures of a server must not include the load
// generator's own event-loop delays) and prints its result as one JSON line.
// Input: one JSON argument { url, headers, duration, connections, overallRate?, paths?, samples? }.
// samples (open loop only): the result also holds startedAt (epoch ms) and samples, [ms after start when due, latency ms]
// of every answered request, so a bench can take percentiles over the seconds something else was running.
// revalidate (open loop only): each path is asked with If-None-Match of the ETag its last answer had, as a browser
// that keeps the answer does; a 304 counts as an answer.
//
// Unlimited (no overallRate): autocannon, closed loop, `connections` requests in flight at all
// times: the most the server answers.
//
// At a rate: an open-loop constant arrival rate, one request every 1000/rate ms whatever the
// answers do, each latency counted from the moment its request was due (so a slow answer that
// delays the next sends is not hidden: no coordinated omission). autocannon's own `overallRate`
// is not used for this: it sends each connection's quota for a second back to back and then
// waits for the next second, so "200/s" arrives as a burst of 200 requests, 16 at a time, at the
// start of every second, and measures queueing in that burst rather than latency at 200/s.
const http = require('node:http');
const autocannon = require('autocannon');

/** The p-th percentile of sorted latencies, to a tenth of a millisecond. */
function percentile(sorted, p) {
  const value = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  return value === undefined ? Number.NaN : Math.round(value * 10) / 10;
}

function summary(latencies, seconds, failures) {
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / seconds,
    answers: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    failures,
  };
}

function closedLoop(options) {
  const latencies = [];
  const instance = autocannon(
    {
      url: options.url,
      headers: options.headers,
      duration: options.duration,
      connections: options.connections,
      ...(options.paths ? { requests: options.paths.map((path) => ({ method: 'GET', path })) } : {}),
    },
    (error, result) => {
      if (error) {
        console.error(error.message);
        process.exit(1);
      }
      const out = summary(latencies, options.duration, result.non2xx + result.errors + result.timeouts);
      process.stdout.write(`${JSON.stringify({ ...out, requestsPerSecond: result.requests.average })}\n`);
    },
  );
  instance.on('response', (_client, _status, _bytes, responseTimeMs) => latencies.push(responseTimeMs));
}

const ANSWER_TIMEOUT_MS = 10_000;

function openLoop(options) {
  const target = new URL(options.url);
  const paths = options.paths?.length ? options.paths : [`${target.pathname}${target.search}`];
  // enough sockets that a slow stretch queues in the server, not in this client
  const agent = new http.Agent({ keepAlive: true, maxSockets: Math.max(options.connections, 64) });
  const interval = 1000 / options.overallRate;
  const total = Math.round(options.duration * options.overallRate);
  const latencies = [];
  const samples = [];
  const etags = new Map();
  const startedAt = Date.now();
  let failures = 0;
  let sent = 0;
  let settled = 0;
  const started = performance.now();

  const finish = () => {
    const out = summary(latencies, options.duration, failures + (sent - settled));
    process.stdout.write(`${JSON.stringify(options.samples ? { ...out, startedAt, samples } : out)}\n`);
    agent.destroy();
    process.exit(0);
  };

  const send = (due) => {
    const path = paths[sent % paths.length];
    sent += 1;
    const done = (ok) => {
      settled += 1;
      if (ok) {
        latencies.push(performance.now() - due);
        if (options.samples) samples.push([Math.round(due - started), Math.round((performance.now() - due) * 10) / 10]);
      } else failures += 1;
      if (settled === total) finish();
    };
    const known = options.revalidate ? etags.get(path) : undefined;
    const headers = known ? { ...options.headers, 'if-none-match': known } : options.headers;
    const request = http.request(
      { host: target.hostname, port: target.port, path, method: 'GET', headers, agent, timeout: ANSWER_TIMEOUT_MS },
      (response) => {
        if (options.revalidate && typeof response.headers.etag === 'string') etags.set(path, response.headers.etag);
        response.resume();
        response.on('end', () => done((response.statusCode >= 200 && response.statusCode < 300) || response.statusCode === 304));
        response.on('error', () => done(false));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => done(false));
    request.end();
  };

  const tick = () => {
    const now = performance.now();
    // send every request that is due (timers can fire late: catch up, keep the schedule)
    while (sent < total && started + sent * interval <= now) send(started + sent * interval);
    if (sent < total) setTimeout(tick, Math.max(0, started + sent * interval - performance.now()));
    else setTimeout(finish, ANSWER_TIMEOUT_MS + 1000).unref();
  };
  tick();
}

const options = JSON.parse(process.argv[2] ?? '{}');
if (options.overallRate) openLoop(options);
else closedLoop(options);
