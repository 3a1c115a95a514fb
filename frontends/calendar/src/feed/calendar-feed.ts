/** The two ways to subscribe to a feed path (R1.15): the http(s) URL and its webcal:// variant. */
export type CalendarFeedUrls = { http: string; webcal: string };

/** `origin` is window.location.origin (http or https); `path` the server's `/api/v1/public/calendar/{token}.ics`. */
export function calendarFeedUrls(origin: string, path: string): CalendarFeedUrls {
  const base = origin.replace(/\/+$/, '');
  const rooted = path.startsWith('/') ? path : `/${path}`;
  const http = `${base}${rooted}`;
  return { http, webcal: http.replace(/^https?:\/\//i, 'webcal://') };
}
