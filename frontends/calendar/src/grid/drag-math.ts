// Pointer positions on the time grid to calendar minutes. Everything snaps to 15 minutes.

export const SNAP_MINUTES = 15;
export const DAY_MINUTES = 24 * 60;

export type GridScale = { pxPerHour: number; firstHour: number };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function snapMinutes(minutes: number, step: number = SNAP_MINUTES): number {
  return clamp(Math.round(minutes / step) * step, 0, DAY_MINUTES);
}

/** Minutes from midnight at a vertical offset (px) inside a day column; not snapped. */
export function minutesAtOffset(offsetPx: number, scale: GridScale): number {
  return scale.firstHour * 60 + (offsetPx / scale.pxPerHour) * 60;
}

/** Offset (px) of a time inside a day column. */
export function offsetOfMinutes(minutes: number, scale: GridScale): number {
  return ((minutes - scale.firstHour * 60) / 60) * scale.pxPerHour;
}

/** Drag on empty grid: from where the pointer went down to where it is, at least one slot long. */
export function selectionBetween(downMinutes: number, currentMinutes: number): { start: number; duration: number } {
  const low = Math.min(downMinutes, currentMinutes);
  const high = Math.max(downMinutes, currentMinutes);
  const start = clamp(Math.floor(low / SNAP_MINUTES) * SNAP_MINUTES, 0, DAY_MINUTES - SNAP_MINUTES);
  const end = clamp(Math.ceil(high / SNAP_MINUTES) * SNAP_MINUTES, start + SNAP_MINUTES, DAY_MINUTES);
  return { start, duration: end - start };
}

/** Drag a card: its new start after the pointer moved deltaPx, kept inside the day. */
export function movedStart(start: number, duration: number, deltaPx: number, scale: GridScale): number {
  const moved = snapMinutes(start + (deltaPx / scale.pxPerHour) * 60);
  const latest = Math.floor((DAY_MINUTES - Math.min(Math.max(duration, SNAP_MINUTES), DAY_MINUTES)) / SNAP_MINUTES) * SNAP_MINUTES;
  return clamp(moved, 0, latest);
}

/** Drag the bottom edge: the new duration, at least one slot, ending by midnight. */
export function resizedDuration(start: number, duration: number, deltaPx: number, scale: GridScale): number {
  const end = snapMinutes(start + duration + (deltaPx / scale.pxPerHour) * 60);
  return clamp(end - start, SNAP_MINUTES, DAY_MINUTES - start);
}

/** Which of `columns` equal columns a horizontal pointer position falls in. */
export function columnAt(clientX: number, left: number, width: number, columns: number): number {
  if (columns <= 1 || width <= 0) return 0;
  return clamp(Math.floor(((clientX - left) / width) * columns), 0, columns - 1);
}

/** A pointer that moved less than this is a click, not a drag. */
export const DRAG_THRESHOLD_PX = 4;
