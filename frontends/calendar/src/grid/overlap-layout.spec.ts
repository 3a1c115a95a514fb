import fc from 'fast-check';
import { layoutOverlaps, MIN_LAYOUT_MINUTES } from './overlap-layout';

describe('overlap layout', () => {
  it('puts overlapping appointments side by side and leaves lone ones full width', () => {
    const placed = layoutOverlaps([
      { id: 'a', start: 540, end: 600 },
      { id: 'b', start: 570, end: 630 },
      { id: 'c', start: 600, end: 660 },
      { id: 'd', start: 720, end: 780 },
    ]);
    expect(placed.get('a')).toEqual({ lane: 0, lanes: 2 });
    expect(placed.get('b')).toEqual({ lane: 1, lanes: 2 });
    // c starts when a ends: it reuses a's lane inside the same cluster
    expect(placed.get('c')).toEqual({ lane: 0, lanes: 2 });
    expect(placed.get('d')).toEqual({ lane: 0, lanes: 1 });
  });

  it('gives three simultaneous appointments three lanes; back-to-back ones do not overlap', () => {
    const placed = layoutOverlaps([
      { id: 'x', start: 600, end: 660 },
      { id: 'y', start: 600, end: 630 },
      { id: 'z', start: 610, end: 620 },
      { id: 'w', start: 660, end: 700 },
    ]);
    expect([placed.get('x'), placed.get('y'), placed.get('z')].map((p) => p?.lanes)).toEqual([3, 3, 3]);
    expect(new Set([placed.get('x')?.lane, placed.get('y')?.lane, placed.get('z')?.lane]).size).toBe(3);
    expect(placed.get('w')).toEqual({ lane: 0, lanes: 1 });
  });

  it(`lays out zero-length appointments as ${MIN_LAYOUT_MINUTES} minutes`, () => {
    const placed = layoutOverlaps([
      { id: 'a', start: 600, end: 600 },
      { id: 'b', start: 605, end: 606 },
    ]);
    expect(placed.get('a')?.lanes).toBe(2);
  });

  it('property: overlapping appointments never share a lane and every lane fits its cluster', () => {
    const span = fc.record({ start: fc.integer({ min: 0, max: 1400 }), length: fc.integer({ min: 0, max: 240 }) });
    fc.assert(
      fc.property(fc.array(span, { maxLength: 40 }), (raw) => {
        const spans = raw.map((s, i) => ({ id: `s${i}`, start: s.start, end: s.start + s.length }));
        const placed = layoutOverlaps(spans);
        expect(placed.size).toBe(spans.length);
        const end = (s: { start: number; end: number }) => Math.max(s.end, s.start + MIN_LAYOUT_MINUTES);
        for (const a of spans) {
          const pa = placed.get(a.id);
          expect(pa && pa.lane < pa.lanes).toBe(true);
          for (const b of spans) {
            if (a === b) continue;
            const pb = placed.get(b.id);
            const overlap = a.start < end(b) && b.start < end(a);
            if (overlap) {
              expect(pa?.lane).not.toBe(pb?.lane);
              expect(pa?.lanes).toBe(pb?.lanes);
            }
          }
        }
      }),
    );
  });
});
