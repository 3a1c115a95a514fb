// The fake Cloud API of the noon-peak bench in a process of its own, so its CPU is not counted as the calendar's.
// Started by noon-peak.bench.ts with the options as one JSON argument; answers {graphUrl} on start and its stats on 'stats'.
import { startFakeWhatsApp } from '../../fake-whatsapp/fake-whatsapp-server';

const options = JSON.parse(process.argv[2] ?? '{}') as {
  latencyMs: number;
  capPerSecond: number;
  template: { name: string; language: string; parameterCount: number };
};

void startFakeWhatsApp({
  host: '127.0.0.1',
  tokenFor: (id) => `token-${id}`,
  latencyMs: options.latencyMs,
  capPerSecond: options.capPerSecond,
  templates: [options.template],
}).then((fake) => {
  process.send?.({ graphUrl: fake.graphUrl });
  process.on('message', (message: string) => {
    if (message === 'stats') {
      const stats = fake.stats();
      process.send?.({
        stats: {
          refusedForCap: stats.refusedForCap,
          maxPerSecond: Math.max(0, ...Object.values(stats.senders).map((s) => s.maxPerSecond)),
        },
      });
    } else if (message === 'reset') {
      fake.reset();
      process.send?.({ reset: true });
    }
  });
  process.once('SIGTERM', () => void fake.close().then(() => process.exit(0)));
});
