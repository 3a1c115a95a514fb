import fc from 'fast-check';
import {
  columnAt,
  DAY_MINUTES,
  minutesAtOffset,
  movedStart,
  offsetOfMinutes,
  resizedDuration,
  selectionBetween,
  snapMinutes,
  SNAP_MINUTES,
} from './drag-math';

const scale = { pxPerHour: 48, firstHour: 7 };

describe('drag math (15-minute snapping)', () => {
  it('turns a vertical offset into minutes and back', () => {
    expect(minutesAtOffset(0, scale)).toBe(420);
    expect(minutesAtOffset(48 * 2 + 12, scale)).toBe(555);
    expect(offsetOfMinutes(555, scale)).toBe(108);
  });

  it('snaps to 15 minutes inside the day', () => {
    expect(snapMinutes(547)).toBe(540);
    expect(snapMinutes(553)).toBe(555);
    expect(snapMinutes(-20)).toBe(0);
    expect(snapMinutes(2000)).toBe(DAY_MINUTES);
  });

  it('dragging on the grid selects whole slots, either direction, at least one slot', () => {
    expect(selectionBetween(541, 600)).toEqual({ start: 540, duration: 60 });
    expect(selectionBetween(600, 541)).toEqual({ start: 540, duration: 60 });
    expect(selectionBetween(545, 545)).toEqual({ start: 540, duration: 15 });
    expect(selectionBetween(1439, 1439)).toEqual({ start: 1425, duration: 15 });
  });

  it('moving a card shifts its start by whole slots and keeps it in the day', () => {
    expect(movedStart(540, 60, 24, scale)).toBe(570);
    expect(movedStart(540, 60, 5, scale)).toBe(540);
    expect(movedStart(540, 60, -10000, scale)).toBe(0);
    expect(movedStart(540, 60, 10000, scale)).toBe(DAY_MINUTES - 60);
  });

  it('resizing keeps at least one slot and ends by midnight', () => {
    expect(resizedDuration(540, 60, 12, scale)).toBe(75);
    expect(resizedDuration(540, 60, -1000, scale)).toBe(SNAP_MINUTES);
    expect(resizedDuration(1380, 30, 1000, scale)).toBe(60);
  });

  it('finds the column under the pointer', () => {
    expect(columnAt(50, 0, 700, 7)).toBe(0);
    expect(columnAt(650, 0, 700, 7)).toBe(6);
    expect(columnAt(-5, 0, 700, 7)).toBe(0);
    expect(columnAt(900, 0, 700, 7)).toBe(6);
    expect(columnAt(300, 0, 0, 7)).toBe(0);
  });

  it('property: every drag result lies on the 15-minute grid within the day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1425 }),
        fc.integer({ min: 15, max: 240 }),
        fc.integer({ min: -2000, max: 2000 }),
        (start0, duration, delta) => {
          const start = Math.floor(start0 / 15) * 15;
          const moved = movedStart(start, duration, delta, scale);
          expect(moved % SNAP_MINUTES).toBe(0);
          expect(moved).toBeGreaterThanOrEqual(0);
          expect(moved + Math.min(duration, DAY_MINUTES)).toBeLessThanOrEqual(DAY_MINUTES + 15);
          const resized = resizedDuration(start, duration, delta, scale);
          expect(resized).toBeGreaterThanOrEqual(SNAP_MINUTES);
          expect(start + resized).toBeLessThanOrEqual(DAY_MINUTES);
          const selection = selectionBetween(start0, start0 + delta / 10);
          expect(selection.start % 15).toBe(0);
          expect(selection.duration % 15).toBe(0);
          expect(selection.duration).toBeGreaterThanOrEqual(15);
        },
      ),
    );
  });
});
