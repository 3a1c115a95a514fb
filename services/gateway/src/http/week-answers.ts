/** 16 MiB of week answers per gateway process: about 120 busy weeks of 134 KB, many more ordinary ones. */
export const WEEK_ANSWERS_MAX_CHARS = 16 * 1024 * 1024;

/**
 * How long a kept week serves without news: a bound on a write no scheduling event names (a change
 * straight in SQL, a purge) and on the plan's history window moving on at midnight.
 */
export const WEEK_ANSWER_MAX_AGE_MS = 60_000;

type Entry = { orgaId: string; text: string; etag: string; at: number };

/**
 * The calendar's recent week answers in a gateway process (issue 34), so that an unchanged week
 * does not cross NATS again. Entries are kept per organization and dropped, with all of their
 * organization's, by every scheduling event of it (`WeekAnswersFeed`, each process its own core
 * subscription: the same events realtime sends to the browsers) and after every changing scheduling
 * call this process proxied (before its answer). A read that was under way while its organization
 * changed is not kept: `generation` is taken before the call and `keep` refuses an answer once the
 * organization moved on, so an answer read before a write never outlives that write's event.
 * Looked up only after the route's access check, under a key that holds the organization, the
 * store and the history window of the caller's plan.
 */
export class WeekAnswers {
  private readonly entries = new Map<string, Entry>();
  private readonly generations = new Map<string, number>();
  private chars = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly maxChars = WEEK_ANSWERS_MAX_CHARS,
    private readonly maxAgeMs = WEEK_ANSWER_MAX_AGE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The organization's change counter in this process: read before asking scheduling, handed back to `keep`. */
  generation(orgaId: string): number {
    return this.generations.get(orgaId) ?? 0;
  }

  get(key: string): { text: string; etag: string } | undefined {
    const entry = this.entries.get(key);
    if (!entry || this.now() - entry.at > this.maxAgeMs) {
      if (entry) this.remove(key);
      this.misses += 1;
      return undefined;
    }
    // most recently used last
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits += 1;
    return entry;
  }

  /** Keeps an answer read while the organization was at `generation`; false (not kept) when it changed since. */
  keep(key: string, orgaId: string, generation: number, text: string, etag: string): boolean {
    if (this.generation(orgaId) !== generation || text.length > this.maxChars) return false;
    this.remove(key);
    this.entries.set(key, { orgaId, text, etag, at: this.now() });
    this.chars += text.length;
    for (const [oldest, entry] of this.entries) {
      if (this.chars <= this.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= entry.text.length;
    }
    return true;
  }

  /** Every kept week of the organization goes, and reads under way for it are not kept. */
  dropOrganization(orgaId: string): void {
    this.generations.set(orgaId, this.generation(orgaId) + 1);
    for (const [key, entry] of this.entries) if (entry.orgaId === orgaId) this.remove(key);
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
