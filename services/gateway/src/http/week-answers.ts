/** 16 MiB of week answers per gateway process: about 120 busy weeks of 134 KB, many more ordinary ones. */
export const WEEK_ANSWERS_MAX_CHARS = 16 * 1024 * 1024;

/**
 * How long a kept week serves unchecked: a bound on a write no scheduling event names (a change
 * straight in SQL, a purge) and on the plan's history window moving on at midnight.
 */
export const WEEK_ANSWER_MAX_AGE_MS = 60_000;

type Entry = { orgaId: string; text: string; etag: string; version: string; at: number; generation: number };

/** A kept week: `fresh` when its organization has not changed since it was read (and it is young enough to serve unchecked). */
export type KeptWeek = { text: string; etag: string; version: string; fresh: boolean };

/**
 * The calendar's recent week answers in a gateway process (issue 34), so that an unchanged week
 * does not cross NATS again. Each is kept with its version and the organization's change counter
 * (`generation`) at the moment its read began. Every scheduling event of the organization
 * (`WeekAnswersFeed`, each process its own core subscription: the same events realtime sends to
 * the browsers) and every changing scheduling call this process proxied (before its answer) move the
 * counter on. A fresh answer (counter unchanged, at most `maxAgeMs` old) is served as it is; an
 * older one only after scheduling says its version is still the week's (a small request, no answer
 * crosses), since a change of one day moves the counter of the whole organization. An answer read
 * while its organization changed is kept under the counter from before, so it is checked next time.
 * Looked up only after the route's access check, under a key that holds the organization, the
 * store and the history window of the caller's plan.
 */
export class WeekAnswers {
  private readonly entries = new Map<string, Entry>();
  private readonly generations = new Map<string, number>();
  private chars = 0;
  hits = 0;
  checked = 0;
  misses = 0;

  constructor(
    private readonly maxChars = WEEK_ANSWERS_MAX_CHARS,
    private readonly maxAgeMs = WEEK_ANSWER_MAX_AGE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The organization's change counter in this process: read before asking scheduling, handed back to `keep` or `confirm`. */
  generation(orgaId: string): number {
    return this.generations.get(orgaId) ?? 0;
  }

  get(key: string): KeptWeek | undefined {
    const entry = this.entries.get(key);
    if (!entry) {
      this.misses += 1;
      return undefined;
    }
    // most recently used last
    this.entries.delete(key);
    this.entries.set(key, entry);
    const fresh = entry.generation === this.generation(entry.orgaId) && this.now() - entry.at <= this.maxAgeMs;
    if (fresh) this.hits += 1;
    else this.checked += 1;
    return { text: entry.text, etag: entry.etag, version: entry.version, fresh };
  }

  /** Keeps an answer whose read began while the organization was at `generation`. */
  keep(key: string, orgaId: string, generation: number, text: string, etag: string, version: string): void {
    if (text.length > this.maxChars) return;
    this.remove(key);
    this.entries.set(key, { orgaId, text, etag, version, at: this.now(), generation });
    this.chars += text.length;
    for (const [oldest, entry] of this.entries) {
      if (this.chars <= this.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= entry.text.length;
    }
  }

  /** Scheduling said the kept version is still the week's, in a check begun at `generation`: fresh again. */
  confirm(key: string, generation: number): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.generation = generation;
    entry.at = this.now();
  }

  /** The organization changed: its kept weeks are checked before they serve again, reads under way for it too. */
  organizationChanged(orgaId: string): void {
    this.generations.set(orgaId, this.generation(orgaId) + 1);
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.chars -= entry.text.length;
  }
}

/** Whether an If-None-Match header names this ETag (a list, `*`, weak or strong). */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const text = Array.isArray(header) ? header.join(',') : header;
  return text.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/**
 * The ETag of a week answer: its version (the digest of its days' versions, from scheduling) and the
 * first day the caller's plan shows (the same days and version read under another plan are another answer).
 */
export function weekEtag(version: string, windowTag: string): string {
  return `"${version}.${windowTag}"`;
}
