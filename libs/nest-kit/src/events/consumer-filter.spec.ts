import { commonWildcard, consumerFilter, supportsMultipleFilters } from './consumer-filter';
import { retryDelay } from './event-handler.decorator';

describe('durable consumer filter', () => {
  const a = 't1.evt.identity.orga.cancelled.v1';
  const b = 't1.evt.identity.member.removed.v1';

  it('filters one event exactly', () => {
    expect(consumerFilter([a], '2.9.10')).toEqual({ filter_subject: a });
  });

  it('uses filter_subjects on NATS 2.10 and later', () => {
    expect(consumerFilter([a, b], '2.10.1')).toEqual({ filter_subjects: [a, b] });
    expect(supportsMultipleFilters('3.0.0')).toBe(true);
    expect(supportsMultipleFilters('2.9.25')).toBe(false);
  });

  it('falls back to the common wildcard on older servers', () => {
    expect(consumerFilter([a, b], '2.9.10')).toEqual({ filter_subject: 't1.evt.identity.>' });
    expect(commonWildcard(['evt.a.x.y.v1', 'evt.b.x.y.v1'])).toBe('evt.>');
  });
});

describe('retry delay', () => {
  it('walks the backoff steps and repeats the last', () => {
    const options = { backoffMs: [100, 1000] };
    expect([1, 2, 3, 9].map((n) => retryDelay(options, n))).toEqual([100, 1000, 1000, 1000]);
    expect(retryDelay({}, 1)).toBe(1000);
  });
});
