// RFC 5545 text of a calendar feed: UTC DTSTART/DTEND (no VTIMEZONE), escaped text, lines folded at 75 octets.

export type IcalEvent = {
  uid: string;
  startsAt: Date;
  endsAt: Date;
  /** a full-day event: DTSTART/DTEND as dates (the local day and the next) */
  allDay: { start: string; end: string } | null;
  summary: string;
  description: string | null;
  cancelled: boolean;
  updatedAt: Date;
};

/** RFC 5545 §3.3.11: backslash, semicolon and comma escaped, newlines as \n. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** RFC 5545 §3.1: lines longer than 75 octets continue on lines starting with a space, never splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
      // continuation lines start with a space, which counts toward their 75 octets
      limit = 74;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

export function utcStamp(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function dateValue(date: string): string {
  return date.replace(/-/g, '');
}

export function buildIcal(name: string, events: readonly IcalEvent[], now: Date = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Pawline//Calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
  ];
  for (const event of events) {
    lines.push('BEGIN:VEVENT', `UID:${event.uid}`, `DTSTAMP:${utcStamp(now)}`);
    if (event.allDay) lines.push(`DTSTART;VALUE=DATE:${dateValue(event.allDay.start)}`, `DTEND;VALUE=DATE:${dateValue(event.allDay.end)}`);
    else lines.push(`DTSTART:${utcStamp(event.startsAt)}`, `DTEND:${utcStamp(event.endsAt)}`);
    lines.push(`SUMMARY:${escapeText(event.summary)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    lines.push(`LAST-MODIFIED:${utcStamp(event.updatedAt)}`, `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`, 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
