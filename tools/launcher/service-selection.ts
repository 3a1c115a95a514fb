/** Gateway last: it serves requests only once the services behind it answer. Duplicate names keep the first. */
export function orderForStart<T extends { name: string }>(definitions: T[]): T[] {
  const unique = [...new Map(definitions.map((d) => [d.name, d] as const)).values()];
  return [...unique.filter((d) => d.name !== 'gateway'), ...unique.filter((d) => d.name === 'gateway')];
}

/**
 * PAWLINE_SERVICES=identity,crm limits what starts (benchmarks, debugging); the gateway always
 * starts. The same variable tells the gateway which services its health reports on.
 */
export function selectServices<T extends { name: string }>(definitions: T[], only: string | undefined): T[] {
  if (!only) return definitions;
  const wanted = new Set(
    only
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  const unknown = [...wanted].filter((name) => !definitions.some((d) => d.name === name));
  if (unknown.length > 0) {
    throw new Error(`PAWLINE_SERVICES names unknown services: ${unknown.join(', ')} (known: ${definitions.map((d) => d.name).join(', ')})`);
  }
  return definitions.filter((d) => wanted.has(d.name) || d.name === 'gateway');
}

export function isServiceDefinitionLike(value: unknown): value is { name: string; module: unknown } {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { name?: unknown; module?: unknown };
  return typeof candidate.name === 'string' && typeof candidate.module === 'function';
}

/** The PAWLINE_SERVICES value the gateway gets: every started service but itself. */
export function servicesForGateway(definitions: { name: string }[]): string {
  return definitions
    .map((d) => d.name)
    .filter((name) => name !== 'gateway')
    .join(',');
}
