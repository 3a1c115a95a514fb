// Test-only: reads back what the feed writes, from RFC 5545, independently of the code that writes it.

/** An observance read back from the text: from `onset` (epoch ms) the offset is `to`. */
export type Observance = { kind: string; onset: number; from: number; to: number; name: string | null };

export function parseOffset(text: string): number {
  const sign = text.startsWith('-') ? -1 : 1;
  const [hh, mm, ss] = [text.slice(1, 3), text.slice(3, 5), text.slice(5, 7) || '0'].map(Number);
  return sign * ((hh ?? 0) * 3600 + (mm ?? 0) * 60 + (ss ?? 0)) * 1000;
}

export function parseStamp(text: string): number {
  const n = (from: number, to: number) => Number(text.slice(from, to));
  return Date.UTC(n(0, 4), n(4, 6) - 1, n(6, 8), n(9, 11), n(11, 13), n(13, 15));
}

/** A reader written from RFC 5545 for the test, independent of the generator's code. */
export function readVtimezone(text: string): { tzid: string; observances: Observance[] } {
  const lines = text.split('\r\n');
  const tzid = lines.find((l) => l.startsWith('TZID:'))?.slice(5) ?? '';
  const observances: Observance[] = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:STANDARD' || line === 'BEGIN:DAYLIGHT') current = { kind: line.slice(6) };
    else if (line.startsWith('END:') && current && line.slice(4) === current['kind']) {
      const from = parseOffset(current['TZOFFSETFROM'] ?? '');
      observances.push({
        kind: current['kind'] ?? '',
        onset: parseStamp(current['DTSTART'] ?? '') - from,
        from,
        to: parseOffset(current['TZOFFSETTO'] ?? ''),
        name: current['TZNAME'] ?? null,
      });
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      current[line.slice(0, colon)] = line.slice(colon + 1);
    }
  }
  return { tzid, observances: observances.sort((a, b) => a.onset - b.onset) };
}

/** The offset the VTIMEZONE gives an instant: the last observance begun at or before it. */
export function offsetFromVtimezone(observances: Observance[], epochMs: number): number | undefined {
  return observances.filter((o) => o.onset <= epochMs).at(-1)?.to;
}
