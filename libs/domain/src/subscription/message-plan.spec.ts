import fc from 'fast-check';
import { closeOutOfPlanDialog, msgOutStorageKey, msUntilDailyJob, outOfPlanDialog, scheduleDailyJob, type JobTimers } from './message-plan';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('out-of-plan message dialog', () => {
  const nov = new Date(2026, 10, 24, 9, 0);
  const dec = new Date(2026, 11, 2, 9, 0);

  it('R4.10 shows only when messages left are 0 or less', () => {
    const storage = memoryStorage();
    expect(outOfPlanDialog(2, 1, nov, storage)).toBeNull();
    expect(outOfPlanDialog(2, 0, nov, storage)).not.toBeNull();
    expect(outOfPlanDialog(2, -3, nov, storage)).not.toBeNull();
  });

  it('R4.10 tier 0 shows it once, kept closed under msg_out', () => {
    const storage = memoryStorage();
    const dialog = outOfPlanDialog(0, 0, nov, storage);
    expect(dialog).toEqual({ reason: 'trial', updatePlan: false, storageKey: 'msg_out' });
    closeOutOfPlanDialog(dialog!, nov, storage);
    expect(outOfPlanDialog(0, 0, nov, storage)).toBeNull();
    expect(outOfPlanDialog(0, 0, dec, storage)).toBeNull();
  });

  it('R4.10 tier 1 never shows it', () => {
    expect(outOfPlanDialog(1, 0, nov, memoryStorage())).toBeNull();
    expect(msgOutStorageKey(1, nov)).toBeNull();
  });

  it("R4.10 other tiers show it once a month under msg_out_{month number}, with 'Update plan' above tier 1", () => {
    const storage = memoryStorage();
    const dialog = outOfPlanDialog(3, 0, nov, storage);
    expect(dialog).toEqual({ reason: 'plan', updatePlan: true, storageKey: 'msg_out_11' });
    closeOutOfPlanDialog(dialog!, nov, storage);
    expect(outOfPlanDialog(3, 0, new Date(2026, 10, 30), storage)).toBeNull();
    expect(outOfPlanDialog(3, 0, dec, storage)).toMatchObject({ storageKey: 'msg_out_12' });
    // November a year later: the old close of msg_out_11 does not hide it
    expect(outOfPlanDialog(3, 0, new Date(2027, 10, 3), storage)).toMatchObject({ storageKey: 'msg_out_11' });
  });

  it('R4.10 for every tier and count: shown iff left ≤ 0 and tier ≠ 1; Update plan iff tier > 1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), fc.integer({ min: -50, max: 600 }), (tier, left) => {
        const dialog = outOfPlanDialog(tier, left, nov, memoryStorage());
        expect(dialog !== null).toBe(left <= 0 && tier !== 1);
        if (dialog) expect(dialog.updatePlan).toBe(tier > 1);
      }),
    );
  });
});

describe('daily message count job', () => {
  it('R4.23 R9.06 first runs at 12:30 local time: today when still ahead, else tomorrow', () => {
    expect(msUntilDailyJob(new Date(2026, 10, 24, 12, 0))).toBe(30 * 60_000);
    expect(msUntilDailyJob(new Date(2026, 10, 24, 12, 30))).toBe(24 * 3600_000);
    expect(msUntilDailyJob(new Date(2026, 10, 24, 13, 30))).toBe(23 * 3600_000);
  });

  it('R4.23 lands on 12:30 local for any start time', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(2025, 0, 1), max: new Date(2028, 0, 1), noInvalidDate: true }), (now) => {
        const at = new Date(now.getTime() + msUntilDailyJob(now));
        expect([at.getHours(), at.getMinutes(), at.getSeconds()]).toEqual([12, 30, 0]);
        expect(at.getTime()).toBeGreaterThan(now.getTime());
        expect(at.getTime() - now.getTime()).toBeLessThanOrEqual(25 * 3600_000);
      }),
    );
  });

  it('R4.23 runs at 12:30, then every 24 hours, until stopped', () => {
    const calls: string[] = [];
    let intervalRun: (() => void) | null = null;
    let timeoutRun: (() => void) | null = null;
    const timers: JobTimers = {
      setTimeout: (run, ms) => {
        calls.push(`timeout ${ms}`);
        timeoutRun = run;
        return 1;
      },
      clearTimeout: () => calls.push('clearTimeout'),
      setInterval: (run, ms) => {
        calls.push(`interval ${ms}`);
        intervalRun = run;
        return 2;
      },
      clearInterval: () => calls.push('clearInterval'),
    };
    let runs = 0;
    const stop = scheduleDailyJob(
      () => runs++,
      () => new Date(2026, 10, 24, 12, 0),
      timers,
    );
    expect(calls).toEqual([`timeout ${30 * 60_000}`]);
    timeoutRun!();
    expect(runs).toBe(1);
    expect(calls[1]).toBe(`interval ${24 * 3600_000}`);
    intervalRun!();
    expect(runs).toBe(2);
    stop();
    expect(calls.slice(2)).toEqual(['clearTimeout', 'clearInterval']);
  });
});
