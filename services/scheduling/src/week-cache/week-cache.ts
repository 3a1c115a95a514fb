/** 32 MiB of week answers: about 450 busy weeks (70 KB each) per scheduling process. */
export const WEEK_CACHE_MAX_CHARS = 32 * 1024 * 1024;

type Entry<T> = { version: string; value: T; chars: number };

/**
 * Answers of the calendar's range reads, each kept with the version of its days it was read at
 * (calendar_day_version: a version per store and day, bumped by triggers in every writing
 * transaction; a range's version is the highest of its days, read in the same statement as the
 * answer). A reader asks the current version first (an index range scan of the range's days) and
 * uses the kept answer only when it matches, so a write is seen by the very next read, from any
 * scheduling process, and a change on one day leaves the other weeks kept. Least recently used
 * answers go first once the bound is reached.
 */
export class WeekCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private chars = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly maxChars: number = WEEK_CACHE_MAX_CHARS) {}

  /** Whether an answer is kept for the key, at whatever version. */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The answer kept for the key at exactly this version, else undefined. */
  get(key: string, version: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) {
      this.misses += 1;
      return undefined;
    }
    // most recently used last
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits += 1;
    return entry.value;
  }

  set(key: string, version: string, value: T, chars: number): void {
    if (chars > this.maxChars) return;
    this.remove(key);
    this.entries.set(key, { version, value, chars });
    this.chars += chars;
    for (const [oldest, entry] of this.entries) {
      if (this.chars <= this.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= entry.chars;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get sizeInChars(): number {
    return this.chars;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.chars -= entry.chars;
  }
}
