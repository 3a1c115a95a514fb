import { ICalCalendar, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { localToInstant, parseLocalDate } from '@pawline/domain';
import { vtimezone } from './vtimezone';
import { ZonedDate } from './zoned-date';

// RFC 5545 text of a calendar feed, written by ical-generator (escaping, folding at 75 octets,
// CRLF): times are local times of the appointment's zone (DTSTART;TZID=…) with that zone's
// VTIMEZONE, so a calendar shows 10:00 in the store on both sides of a DST change.

export type IcalEvent = {
  uid: string;
  startsAt: Date;
  endsAt: Date;
  /** the IANA zone the appointment was booked in (the store's) */
  timeZone: string;
  /** a full-day event: DTSTART/DTEND as dates (the local day and the next) */
  allDay: { start: string; end: string } | null;
  summary: string;
  description: string | null;
  cancelled: boolean;
  updatedAt: Date;
};

const DAY = 86_400_000;

/** A date value (YYYY-MM-DD) as a zoned date at its local midnight. */
function localDay(date: string, timeZone: string): ZonedDate {
  const wall = { ...parseLocalDate(date), hour: 0, min: 0, sec: 0 };
  return new ZonedDate(localToInstant(wall, timeZone), timeZone, wall);
}

export function buildIcal(name: string, events: readonly IcalEvent[], now: Date = new Date()): string {
  // the VTIMEZONEs cover the instants the events use, with a day's margin either side
  const from = Math.min(now.getTime(), ...events.map((e) => e.startsAt.getTime())) - DAY;
  const to = Math.max(now.getTime(), ...events.map((e) => e.endsAt.getTime())) + DAY;
  const calendar = new ICalCalendar({
    name,
    prodId: { company: 'Pawline', product: 'Calendar', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    scale: 'GREGORIAN',
    // no calendar-wide zone name: ical-generator would then write DTSTAMP and LAST-MODIFIED in the
    // server's local time; each event names its zone and gets its VTIMEZONE from the generator
    timezone: { name: null, generator: (zone) => vtimezone(zone, from, to) },
  });
  for (const event of events) {
    calendar.createEvent({
      id: event.uid,
      stamp: now,
      timezone: event.timeZone,
      ...(event.allDay
        ? { allDay: true, start: localDay(event.allDay.start, event.timeZone), end: localDay(event.allDay.end, event.timeZone) }
        : { start: new ZonedDate(event.startsAt.getTime(), event.timeZone), end: new ZonedDate(event.endsAt.getTime(), event.timeZone) }),
      summary: event.summary,
      description: event.description,
      lastModified: event.updatedAt,
      status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  // RFC 5545 ends every content line with CRLF, the last one too
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
