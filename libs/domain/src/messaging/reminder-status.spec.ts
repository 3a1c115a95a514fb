import fc from 'fast-check';
import { reminderStatusAfter, type ProviderStatusName, type ReminderStatusName } from './reminder-status';

const reports = fc.array(fc.constantFrom<ProviderStatusName>('sent', 'delivered', 'read', 'failed'), { maxLength: 12 });
const RANK = { in_process: 0, sent: 1, delivered: 2, read: 3 } as const;

function applyAll(start: ReminderStatusName, sequence: ProviderStatusName[]): ReminderStatusName {
  return sequence.reduce<ReminderStatusName>((status, reported) => reminderStatusAfter(status, reported) ?? status, start);
}

describe('reminder status from provider reports', () => {
  it('moves sent, delivered, read forward in order', () => {
    expect(reminderStatusAfter('in_process', 'sent')).toBe('sent');
    expect(reminderStatusAfter('sent', 'delivered')).toBe('delivered');
    expect(reminderStatusAfter('delivered', 'read')).toBe('read');
    expect(reminderStatusAfter('in_process', 'read')).toBe('read');
  });

  it('ignores duplicates and late reports', () => {
    expect(reminderStatusAfter('sent', 'sent')).toBeNull();
    expect(reminderStatusAfter('read', 'delivered')).toBeNull();
    expect(reminderStatusAfter('delivered', 'sent')).toBeNull();
  });

  it('takes a failure only before the message reached the phone, and nothing after a failure', () => {
    expect(reminderStatusAfter('sent', 'failed')).toBe('failed');
    expect(reminderStatusAfter('in_process', 'failed')).toBe('failed');
    expect(reminderStatusAfter('delivered', 'failed')).toBeNull();
    expect(reminderStatusAfter('read', 'failed')).toBeNull();
    expect(reminderStatusAfter('failed', 'delivered')).toBeNull();
    expect(reminderStatusAfter('undelivered', 'read')).toBeNull();
  });

  it('never moves a status backwards, whatever the reports', () => {
    fc.assert(
      fc.property(reports, (sequence) => {
        let status: ReminderStatusName = 'in_process';
        for (const reported of sequence) {
          const next = reminderStatusAfter(status, reported);
          if (next === null) continue;
          if (next !== 'failed') expect(RANK[next as keyof typeof RANK]).toBeGreaterThan(RANK[status as keyof typeof RANK]);
          status = next;
        }
      }),
    );
  });

  it('ends at the furthest status reported, in any order, when nothing failed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<'sent' | 'delivered' | 'read'>('sent', 'delivered', 'read'), { minLength: 1, maxLength: 12 }),
        fc.func(fc.integer()),
        (sequence, key) => {
          const shuffled = [...sequence].sort((a, b) => key(a) - key(b));
          const furthest = sequence.reduce((best, s) => (RANK[s] > RANK[best] ? s : best));
          expect(applyAll('in_process', sequence)).toBe(furthest);
          expect(applyAll('in_process', shuffled)).toBe(furthest);
        },
      ),
    );
  });

  it('gives the same status when every report arrives twice', () => {
    fc.assert(
      fc.property(reports, (sequence) => {
        expect(
          applyAll(
            'in_process',
            sequence.flatMap((s) => [s, s]),
          ),
        ).toBe(applyAll('in_process', sequence));
      }),
    );
  });

  it('fails only when the failure comes before any delivered or read', () => {
    fc.assert(
      fc.property(reports, (sequence) => {
        const firstFailure = sequence.indexOf('failed');
        const reachedPhone = sequence.findIndex((s) => s === 'delivered' || s === 'read');
        const failed = firstFailure >= 0 && (reachedPhone < 0 || firstFailure < reachedPhone);
        expect(applyAll('in_process', sequence) === 'failed').toBe(failed);
      }),
    );
  });
});
