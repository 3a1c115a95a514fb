/**
 * The subject filter of a durable consumer. NATS >= 2.10 takes several subjects; older servers
 * (Debian ships 2.9) take one, so several events share their common wildcard and the runner
 * acks the other events on it without running the handler.
 */
export function consumerFilter(
  subjects: string[],
  serverVersion: string | undefined,
): { filter_subjects: string[] } | { filter_subject: string } {
  if (subjects.length === 1) return { filter_subject: subjects[0] ?? '>' };
  if (supportsMultipleFilters(serverVersion)) return { filter_subjects: subjects };
  return { filter_subject: commonWildcard(subjects) };
}

export function supportsMultipleFilters(version: string | undefined): boolean {
  const [major = 0, minor = 0] = (version ?? '0.0').split('.').map((part) => Number.parseInt(part, 10));
  return major > 2 || (major === 2 && minor >= 10);
}

/** `a.b.c.x.v1`, `a.b.d.y.v1` → `a.b.>` */
export function commonWildcard(subjects: string[]): string {
  const split = subjects.map((s) => s.split('.'));
  const first = split[0] ?? [];
  const common: string[] = [];
  for (let i = 0; i < first.length; i += 1) {
    const token = first[i];
    if (!split.every((tokens) => tokens[i] === token && tokens.length > i + 1)) break;
    common.push(token);
  }
  if (common.length === 0) return '>';
  return `${common.join('.')}.>`;
}
