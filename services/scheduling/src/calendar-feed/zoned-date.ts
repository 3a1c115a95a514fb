import { instantToLocal, type LocalDateTime } from '@pawline/domain';

/**
 * A Date whose wall-clock getters read one IANA zone, for ical-generator: it writes TZID times
 * with getFullYear()…getSeconds(), which on a plain Date read the server's own zone. It takes
 * any Date that has `internal`, `withTimeZone` and `tzComponents` as a zoned date (the shape of
 * @date-fns/tz's TZDate, its ICalTZDateStub), so this small class is enough and the server's
 * TZ never leaks into a feed.
 */
export class ZonedDate extends Date {
  readonly internal: Date;
  private readonly wall: LocalDateTime;

  constructor(
    epochMs: number,
    readonly timeZone: string,
    /** for a date value: the wall time to show (local midnight of a full day) */
    wall?: LocalDateTime,
  ) {
    super(epochMs);
    this.internal = new Date(epochMs);
    this.wall = wall ?? instantToLocal(epochMs, timeZone);
  }

  withTimeZone(timeZone?: string | null): ZonedDate {
    return !timeZone || timeZone === this.timeZone ? this : new ZonedDate(this.getTime(), timeZone);
  }

  tzComponents(): LocalDateTime {
    return { ...this.wall };
  }

  override getFullYear(): number {
    return this.wall.year;
  }

  override getMonth(): number {
    return this.wall.month - 1;
  }

  override getDate(): number {
    return this.wall.day;
  }

  override getHours(): number {
    return this.wall.hour;
  }

  override getMinutes(): number {
    return this.wall.min;
  }

  override getSeconds(): number {
    return this.wall.sec;
  }
}
