import type { OrganizationUser } from '@pawline/api-client';
import type { Appointment } from '@pawline/contracts';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { startMinutes } from '../calendar/appointment-model';
import { clockText } from '../calendar/calendar-dates';
import type { Translate } from '../i18n/translator';
import { CardStyles } from './AppointmentCard';
import { GridCard, type CardActions } from './GridCard';
import { COLUMN_MIN_WIDTH_PX, columnKey, DEFAULT_PX_PER_HOUR, GridStyles, GUTTER_PX, visibleHours } from './grid-layout';
import {
  columnAt,
  DRAG_THRESHOLD_PX,
  minutesAtOffset,
  movedStart,
  offsetOfMinutes,
  resizedDuration,
  selectionBetween,
  type GridScale,
} from './drag-math';
import { createLongPress, startsAtOnce, type LongPress } from './long-press';
import { layoutOverlaps, type LanePlacement } from './overlap-layout';

/** A column of the grid: a day, or a day of one staff member (Day by user; null = unassigned). */
export type GridColumn = { key: string; day: string; userId?: string | null; label: string };

export type GridTarget = { date: string; start: number; user_id?: string | null };

type Props = {
  columns: readonly GridColumn[];
  appointments: readonly Appointment[];
  staff: ReadonlyMap<string, OrganizationUser>;
  /** the colour a card takes from its treatments (issue 26); none: the groomer's scheme */
  colourOf?: (a: Appointment) => string | null;
  labelOf: (a: Appointment) => string;
  /** issue 31 the vaccination flag of an appointment's pets, if any */
  careOf?: (a: Appointment) => 'missing' | 'expired' | null;
  t: Translate;
  pxPerHour?: number;
  onCreate: (slot: GridTarget & { duration: number }) => void;
  onOpen: (a: Appointment) => void;
  /** a card's menu asked for, at this point of the window */
  onMenu?: (a: Appointment, point: { x: number; y: number }) => void;
  onMove: (a: Appointment, to: GridTarget) => void;
  onResize: (a: Appointment, duration: number) => void;
};

type Drag =
  | { kind: 'create'; col: number; down: number; current: number }
  | { kind: 'move'; a: Appointment; x: number; y: number; col: number; fromCol: number; start: number; moved: boolean }
  | { kind: 'resize'; a: Appointment; y: number; duration: number };

const ALONE: LanePlacement = { lane: 0, lanes: 1 };

/**
 * Hours down, days (or staff members) across. Drag on empty grid to book, drag a card to move
 * it, drag its bottom edge to resize; all in 15-minute steps (pointer events).
 */
export function TimeGrid({
  columns,
  appointments,
  staff,
  colourOf,
  labelOf,
  careOf,
  t,
  pxPerHour = DEFAULT_PX_PER_HOUR,
  onCreate,
  onOpen,
  onMenu,
  onMove,
  onResize,
}: Props) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);
  const update = useCallback((next: Drag | null) => {
    dragRef.current = next;
    setDrag(next);
  }, []);
  const capture = useCallback((event: ReactPointerEvent<Element>) => {
    try {
      bodyRef.current?.setPointerCapture(event.pointerId);
    } catch {
      // a synthetic pointer (tests) has nothing to capture
    }
  }, []);
  // One object for all cards for the grid's life, so that the memoized cards keep theirs when the
  // page passes a new onOpen (it does on each of its renders); the latest one is called.
  const onOpenRef = useRef(onOpen);
  const onMenuRef = useRef(onMenu);
  useLayoutEffect(() => {
    onOpenRef.current = onOpen;
    onMenuRef.current = onMenu;
  }, [onOpen, onMenu]);
  // touch: a swipe scrolls the day, a long press starts the drag (long-press.ts)
  const pressRef = useRef<LongPress | null>(null);
  pressRef.current ??= createLongPress();
  const press = pressRef.current;
  /** Starts `begin` now for a mouse or a pen, after a long press for a finger (a quick tap runs `onTap`). */
  const start = useCallback(
    (event: ReactPointerEvent<Element>, begin: () => void, onTap?: () => void) => {
      if (startsAtOnce(event.pointerType)) {
        capture(event);
        begin();
        return;
      }
      const pointerId = event.pointerId;
      press.down(
        { x: event.clientX, y: event.clientY },
        {
          onArm: () => {
            try {
              bodyRef.current?.setPointerCapture(pointerId);
            } catch {
              // the pointer is gone already
            }
            begin();
          },
          onTap,
        },
      );
    },
    [capture, press],
  );
  const actions = useMemo<CardActions>(
    () => ({
      open: (a) => onOpenRef.current(a),
      menu: (a, point) => onMenuRef.current?.(a, point),
      startMove: (event, a, col) => {
        if (event.button !== 0) return;
        event.stopPropagation();
        const { clientX: x, clientY: y } = event;
        start(
          event,
          () => update({ kind: 'move', a, x, y, col, fromCol: col, start: startMinutes(a), moved: false }),
          () => onOpenRef.current(a),
        );
      },
      startResize: (event, a) => {
        const y = event.clientY;
        start(event, () => update({ kind: 'resize', a, y, duration: a.duration }));
      },
    }),
    [start, update],
  );

  // Once a touch drag runs, the finger's moves are the drag's, not a scroll of the page: a
  // non-passive listener (React's are passive) refuses them to the browser.
  useEffect(() => {
    const body = bodyRef.current;
    if (!body) return undefined;
    const onTouchMove = (event: TouchEvent) => {
      if (dragRef.current && event.cancelable) event.preventDefault();
    };
    body.addEventListener('touchmove', onTouchMove, { passive: false });
    return () => body.removeEventListener('touchmove', onTouchMove);
  }, []);
  useEffect(() => () => press.cancel(), [press]);

  const { firstHour, lastHour } = useMemo(() => visibleHours(appointments), [appointments]);
  const scale: GridScale = { pxPerHour, firstHour };
  const height = (lastHour - firstHour) * pxPerHour;

  // Labels by id, worked out once per list: a drag changes where a card is, not what it says.
  const labels = useMemo(() => new Map(appointments.map((a) => [a.id, labelOf(a)])), [appointments, labelOf]);

  // The card being dragged is drawn where it would land.
  const shown = useMemo(() => {
    if (!drag || drag.kind === 'create') return appointments;
    return appointments.map((a) => {
      if (a.id !== drag.a.id) return a;
      if (drag.kind === 'resize') return { ...a, duration: drag.duration };
      const column = columns[drag.col];
      return {
        ...a,
        date: column?.day ?? a.date,
        user_id: column && column.userId !== undefined ? column.userId : a.user_id,
        hour: Math.floor(drag.start / 60),
        min: drag.start % 60,
      };
    });
  }, [appointments, drag, columns]);

  // One pass over the appointments into their columns (not one filter of all of them per column):
  // an appointment belongs to its day's column and to its day-and-staff-member column.
  const perColumn = useMemo(() => {
    const groups = new Map<string, Appointment[]>(columns.map((column) => [columnKey(column.day, column.userId), []]));
    for (const a of shown) {
      groups.get(columnKey(a.date))?.push(a);
      groups.get(columnKey(a.date, a.user_id ?? null))?.push(a);
    }
    return columns.map((column) => {
      const items = groups.get(columnKey(column.day, column.userId)) ?? [];
      const lanes = layoutOverlaps(items.map((a) => ({ id: a.id, start: startMinutes(a), end: startMinutes(a) + a.duration })));
      return { column, items, lanes };
    });
  }, [columns, shown]);

  function pointerMinutes(event: { clientY: number }): number {
    const rect = bodyRef.current?.getBoundingClientRect();
    return minutesAtOffset(event.clientY - (rect?.top ?? 0), scale);
  }
  function pointerColumn(event: { clientX: number }): number {
    const rect = bodyRef.current?.getBoundingClientRect();
    return columnAt(event.clientX, rect?.left ?? 0, rect?.width ?? 0, columns.length);
  }

  const onBodyPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const minutes = pointerMinutes(event);
    const col = pointerColumn(event);
    start(event, () => update({ kind: 'create', col, down: minutes, current: minutes }));
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (press.state() === 'pending') press.move({ x: event.clientX, y: event.clientY });
    const current = dragRef.current;
    if (!current) return;
    if (current.kind === 'create') update({ ...current, current: pointerMinutes(event) });
    else if (current.kind === 'move') {
      const moved =
        current.moved || Math.abs(event.clientY - current.y) > DRAG_THRESHOLD_PX || Math.abs(event.clientX - current.x) > DRAG_THRESHOLD_PX;
      if (!moved) return;
      const start = movedStart(startMinutes(current.a), current.a.duration, event.clientY - current.y, scale);
      update({ ...current, moved, start, col: pointerColumn(event) });
    } else update({ ...current, duration: resizedDuration(startMinutes(current.a), current.a.duration, event.clientY - current.y, scale) });
  };

  const onPointerUp = () => {
    press.up();
    const current = dragRef.current;
    update(null);
    if (!current) return;
    if (current.kind === 'create') {
      const column = columns[current.col];
      if (!column) return;
      const { start, duration } = selectionBetween(current.down, current.current);
      onCreate({ date: column.day, start, duration, ...(column.userId !== undefined ? { user_id: column.userId } : {}) });
    } else if (current.kind === 'move') {
      if (!current.moved) return onOpen(current.a);
      const column = columns[current.col];
      if (!column) return;
      const sameColumn = current.col === current.fromCol;
      if (sameColumn && current.start === startMinutes(current.a)) return;
      onMove(current.a, { date: column.day, start: current.start, ...(column.userId !== undefined ? { user_id: column.userId } : {}) });
    } else if (current.duration !== current.a.duration) onResize(current.a, current.duration);
  };

  const selection = drag?.kind === 'create' ? { col: drag.col, ...selectionBetween(drag.down, drag.current) } : null;
  const draggedId = drag && drag.kind !== 'create' ? drag.a.id : null;
  const hours = Array.from({ length: lastHour - firstHour }, (_, i) => firstHour + i);
  // the columns' background draws the hour lines (no element per line and column) at this pitch
  const bodyStyle = { height, '--pl-hour-px': `${pxPerHour}px` } as CSSProperties;
  const gridStyle = {
    '--pl-column-min-width': `${COLUMN_MIN_WIDTH_PX}px`,
    '--pl-grid-min-width': `${GUTTER_PX + columns.length * COLUMN_MIN_WIDTH_PX}px`,
  } as CSSProperties;

  return (
    // a region reachable by Tab: the grid scrolls, and a keyboard must be able to scroll it too (axe
    // scrollable-region-focusable, found on an empty calendar)
    <div className="pl-grid" data-testid="time-grid" style={gridStyle} role="region" aria-label={t('calendar.gridLabel')} tabIndex={0}>
      <CardStyles />
      <GridStyles />
      <div className="pl-grid-inner">
        <div className="pl-grid-head">
          <div className="pl-grid-gutter" />
          {columns.map((column) => (
            <div key={column.key} className="pl-grid-head-cell" data-testid="grid-column-head">
              {column.label}
            </div>
          ))}
        </div>
        <div className="pl-grid-rows">
          {/* the first label sits at the top edge, not half above it (issue 26: 07:00 was clipped) */}
          <div className="pl-grid-gutter" style={{ height }}>
            {hours.map((hour) => (
              <p
                key={hour}
                className="pl-grid-hour"
                style={{ top: Math.max(0, offsetOfMinutes(hour * 60, scale) - 6) }}
                data-testid="grid-hour"
              >
                {clockText(hour * 60)}
              </p>
            ))}
          </div>
          <div
            ref={bodyRef}
            className="pl-grid-body"
            style={bodyStyle}
            data-testid="grid-body"
            data-first-hour={firstHour}
            data-px-per-hour={pxPerHour}
            onPointerDown={onBodyPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (press.cancel(), update(null))}
            // a held finger opens no context menu while it books or drags
            onContextMenu={(event) => {
              if (press.state() !== 'idle' || dragRef.current) event.preventDefault();
            }}
          >
            {perColumn.map(({ column, items, lanes }, index) => (
              <div
                key={column.key}
                className="pl-grid-column"
                data-testid="grid-column"
                data-day={column.day}
                data-user={column.userId ?? ''}
              >
                {selection && selection.col === index ? (
                  <div
                    className="pl-grid-selection"
                    data-testid="grid-selection"
                    style={{ top: offsetOfMinutes(selection.start, scale), height: (selection.duration / 60) * pxPerHour }}
                  >
                    {clockText(selection.start)}–{clockText(selection.start + selection.duration)}
                  </div>
                ) : null}
                {items.map((a) => {
                  const placement = lanes.get(a.id) ?? ALONE;
                  return (
                    <GridCard
                      key={a.id}
                      appointment={a}
                      col={index}
                      top={offsetOfMinutes(startMinutes(a), scale)}
                      height={(Math.max(a.duration, 15) / 60) * pxPerHour - 1}
                      lane={placement.lane}
                      lanes={placement.lanes}
                      label={labels.get(a.id) ?? labelOf(a)}
                      colour={colourOf?.(a) ?? null}
                      care={careOf?.(a) ?? null}
                      staff={staff}
                      t={t}
                      dragging={a.id === draggedId}
                      actions={actions}
                    />
                  );
                })}
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
