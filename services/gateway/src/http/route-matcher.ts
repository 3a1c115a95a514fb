import type { ApiRoute } from './route-definition';

type Segment = { literal: string } | { param: string; suffix: string };
type Compiled = { route: ApiRoute; segments: Segment[] };

export type RouteMatch = { route: ApiRoute; params: Record<string, string> };

const PARAM_SEGMENT = /^:([a-z_][a-z0-9_]*)(.*)$/;

function compile(route: ApiRoute): Compiled {
  const segments = route.path
    .split('/')
    .slice(1)
    .map((part): Segment => {
      const param = PARAM_SEGMENT.exec(part);
      return param ? { param: param[1] ?? '', suffix: param[2]?.toLowerCase() ?? '' } : { literal: part.toLowerCase() };
    });
  return { route, segments };
}

/**
 * Finds the route of a request in the route table by method and path segments, the way Express
 * matched them (literals case-insensitive, one trailing slash allowed, parameters percent-decoded,
 * `:token.ics` a parameter with a literal suffix, HEAD answered by GET), but without trying each
 * route's regular expression in turn: routes are grouped by method and segment count, so a
 * request compares a handful of candidates segment by segment. Every API request passes here.
 */
export class RouteMatcher {
  private readonly byShape = new Map<string, Compiled[]>();

  constructor(routes: readonly ApiRoute[]) {
    for (const route of routes) {
      const compiled = compile(route);
      const key = `${route.method.toUpperCase()} ${compiled.segments.length}`;
      const group = this.byShape.get(key) ?? [];
      group.push(compiled);
      this.byShape.set(key, group);
    }
  }

  /** The route and its decoded path parameters, or null (no route, or a parameter that is not valid percent-encoding). */
  match(method: string, url: string): RouteMatch | null {
    const query = url.indexOf('?');
    let path = query < 0 ? url : url.slice(0, query);
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    const parts = path.split('/').slice(1);
    const candidates = this.byShape.get(`${method === 'HEAD' ? 'GET' : method} ${parts.length}`);
    if (!candidates) return null;
    for (const candidate of candidates) {
      const params = matchSegments(candidate.segments, parts);
      if (params) return { route: candidate.route, params };
    }
    return null;
  }
}

function matchSegments(segments: Segment[], parts: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i += 1) {
    const segment = segments[i];
    const part = parts[i] ?? '';
    if (!segment) return null;
    if ('literal' in segment) {
      if (part.toLowerCase() !== segment.literal) return null;
      continue;
    }
    if (part.length <= segment.suffix.length || !part.toLowerCase().endsWith(segment.suffix)) return null;
    try {
      params[segment.param] = decodeURIComponent(part.slice(0, part.length - segment.suffix.length));
    } catch {
      return null;
    }
  }
  return params;
}
