import type { Appointment } from '@pawline/contracts';
import { startMinutes } from '../calendar/appointment-model';

// The time grid's measures and stylesheet, and which hours and column an appointment falls in.

export const DEFAULT_PX_PER_HOUR = 48;
// A column never gets narrower than this: "09:00–10:00" and a short name fit on a card's line, and
// a week on a phone scrolls sideways instead of wrapping its cards letter by letter (issue 16).
export const COLUMN_MIN_WIDTH_PX = 88;
export const GUTTER_PX = 56;

// Plain elements and one static stylesheet, like the cards: Chakra's style props cost an emotion
// serialization and a stylis compile per element on the first render, about half the script time
// of the week view's first render (issue 5). The values are Chakra's own tokens as CSS variables.
const GRID_CSS = `
.pl-grid{border-width:1px;border-radius:var(--chakra-radii-md);overflow:auto;max-height:75vh;overscroll-behavior:contain}
.pl-grid-inner{min-width:var(--pl-grid-min-width)}
.pl-grid-head{display:flex;position:sticky;top:0;z-index:3;background:var(--chakra-colors-bg);border-bottom-width:1px}
.pl-grid-head-cell{flex:1 1 0%;min-width:var(--pl-column-min-width);text-align:center;padding-block:var(--chakra-spacing-1);font-size:var(--chakra-font-sizes-sm);font-weight:var(--chakra-font-weights-semibold);overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.pl-grid-gutter{width:var(--chakra-sizes-14);flex-shrink:0;position:sticky;left:0;z-index:2;background:var(--chakra-colors-bg)}
.pl-grid-hour{position:absolute;right:var(--chakra-spacing-1);font-size:var(--chakra-font-sizes-xs);color:var(--chakra-colors-fg-muted)}
.pl-grid-rows{display:flex}
.pl-grid-body{display:flex;flex:1 1 0%;position:relative;touch-action:manipulation;-webkit-touch-callout:none;user-select:none;-webkit-user-select:none}
.pl-grid-column{flex:1 1 0%;min-width:var(--pl-column-min-width);position:relative;border-left:1px solid var(--chakra-colors-border);background-image:repeating-linear-gradient(to bottom,var(--chakra-colors-border-muted) 0 1px,transparent 1px var(--pl-hour-px))}
.pl-grid-column>.pl-card{margin-inline:1px}
.pl-grid-selection{position:absolute;left:var(--chakra-spacing-1);right:var(--chakra-spacing-1);background:var(--chakra-colors-brand-100);border-width:1px;border-color:var(--chakra-colors-brand-500);border-radius:var(--chakra-radii-sm);font-size:var(--chakra-font-sizes-xs);padding-inline:var(--chakra-spacing-1)}
.pl-grid-selection.pl-armed{outline:2px solid var(--chakra-colors-brand-500)}
`;

export function GridStyles() {
  return (
    <style href="pawline-calendar-grid" precedence="default">
      {GRID_CSS}
    </style>
  );
}

/** A column's appointments are found by day, or by day and staff member (null: unassigned). */
export function columnKey(day: string, userId?: string | null): string {
  return userId === undefined ? day : `${day}\u0000${userId ?? ''}`;
}

/** The hours shown: 7 to 21 at least, widened to fit every appointment. */
export function visibleHours(appointments: readonly Appointment[]): { firstHour: number; lastHour: number } {
  let first = 7;
  let last = 21;
  for (const a of appointments) {
    first = Math.min(first, a.hour);
    last = Math.max(last, Math.ceil((startMinutes(a) + a.duration) / 60));
  }
  return { firstHour: first, lastHour: Math.min(24, last) };
}
