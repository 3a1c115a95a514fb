import { Box, Flex, Text } from '@chakra-ui/react';
import type { OrganizationUser } from '@pawline/api-client';
import type { Appointment } from '@pawline/contracts';
import { useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { cardLook, startMinutes } from '../calendar/appointment-model';
import { clockText } from '../calendar/calendar-dates';
import type { Translate } from '../i18n/translator';
import { AppointmentCard, CardStyles } from './AppointmentCard';
import { columnAt, DRAG_THRESHOLD_PX, minutesAtOffset, movedStart, offsetOfMinutes, resizedDuration, selectionBetween, type GridScale } from './drag-math';
import { layoutOverlaps } from './overlap-layout';

/** A column of the grid: a day, or a day of one staff member (Day by user; null = unassigned). */
export type GridColumn = { key: string; day: string; userId?: string | null; label: string };

export type GridTarget = { date: string; start: number; user_id?: string | null };

type Props = {
  columns: readonly GridColumn[];
  appointments: readonly Appointment[];
  staff: ReadonlyMap<string, OrganizationUser>;
  labelOf: (a: Appointment) => string;
  t: Translate;
  pxPerHour?: number;
  onCreate: (slot: GridTarget & { duration: number }) => void;
  onOpen: (a: Appointment) => void;
  onMove: (a: Appointment, to: GridTarget) => void;
  onResize: (a: Appointment, duration: number) => void;
};

type Drag =
  | { kind: 'create'; col: number; down: number; current: number }
  | { kind: 'move'; a: Appointment; x: number; y: number; col: number; fromCol: number; start: number; moved: boolean }
  | { kind: 'resize'; a: Appointment; y: number; duration: number };

export const DEFAULT_PX_PER_HOUR = 48;

function belongsTo(column: GridColumn, a: Appointment): boolean {
  if (a.date !== column.day) return false;
  return column.userId === undefined || (column.userId ?? null) === (a.user_id ?? null);
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

/**
 * Hours down, days (or staff members) across. Drag on empty grid to book, drag a card to move
 * it, drag its bottom edge to resize; all in 15-minute steps (pointer events).
 */
export function TimeGrid({ columns, appointments, staff, labelOf, t, pxPerHour = DEFAULT_PX_PER_HOUR, onCreate, onOpen, onMove, onResize }: Props) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);
  const update = (next: Drag | null) => {
    dragRef.current = next;
    setDrag(next);
  };

  const { firstHour, lastHour } = useMemo(() => visibleHours(appointments), [appointments]);
  const scale: GridScale = { pxPerHour, firstHour };
  const height = (lastHour - firstHour) * pxPerHour;

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

  const perColumn = useMemo(
    () =>
      columns.map((column) => {
        const items = shown.filter((a) => belongsTo(column, a));
        const lanes = layoutOverlaps(items.map((a) => ({ id: a.id, start: startMinutes(a), end: startMinutes(a) + a.duration })));
        return { column, items, lanes };
      }),
    [columns, shown],
  );

  function pointerMinutes(event: { clientY: number }): number {
    const rect = bodyRef.current?.getBoundingClientRect();
    return minutesAtOffset(event.clientY - (rect?.top ?? 0), scale);
  }
  function pointerColumn(event: { clientX: number }): number {
    const rect = bodyRef.current?.getBoundingClientRect();
    return columnAt(event.clientX, rect?.left ?? 0, rect?.width ?? 0, columns.length);
  }
  function capture(event: ReactPointerEvent<Element>) {
    try {
      bodyRef.current?.setPointerCapture(event.pointerId);
    } catch {
      // a synthetic pointer (tests) has nothing to capture
    }
  }

  const onBodyPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const minutes = pointerMinutes(event);
    capture(event);
    update({ kind: 'create', col: pointerColumn(event), down: minutes, current: minutes });
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = dragRef.current;
    if (!current) return;
    if (current.kind === 'create') update({ ...current, current: pointerMinutes(event) });
    else if (current.kind === 'move') {
      const moved = current.moved || Math.abs(event.clientY - current.y) > DRAG_THRESHOLD_PX || Math.abs(event.clientX - current.x) > DRAG_THRESHOLD_PX;
      if (!moved) return;
      const start = movedStart(startMinutes(current.a), current.a.duration, event.clientY - current.y, scale);
      update({ ...current, moved, start, col: pointerColumn(event) });
    } else update({ ...current, duration: resizedDuration(startMinutes(current.a), current.a.duration, event.clientY - current.y, scale) });
  };

  const onPointerUp = () => {
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
  const hours = Array.from({ length: lastHour - firstHour }, (_, i) => firstHour + i);
  // one background per column draws the hour lines (no element per line and column)
  const hourLines = `repeating-linear-gradient(to bottom, var(--chakra-colors-border-muted) 0 1px, transparent 1px ${pxPerHour}px)`;

  return (
    <Box data-testid="time-grid" borderWidth="1px" borderRadius="md" overflow="auto" maxH="75vh">
      <CardStyles />
      <Flex position="sticky" top="0" zIndex="2" bg="bg" borderBottomWidth="1px">
        <Box w="14" flexShrink={0} />
        {columns.map((column) => (
          <Box key={column.key} flex="1" minW="0" textAlign="center" py="1" fontSize="sm" fontWeight="semibold" data-testid="grid-column-head" truncate>
            {column.label}
          </Box>
        ))}
      </Flex>
      <Flex>
        <Box w="14" flexShrink={0} position="relative" style={{ height }}>
          {hours.map((hour) => (
            <Text key={hour} position="absolute" right="1" fontSize="xs" color="fg.muted" style={{ top: offsetOfMinutes(hour * 60, scale) - 6 }}>
              {clockText(hour * 60)}
            </Text>
          ))}
        </Box>
        <Flex
          ref={bodyRef}
          flex="1"
          position="relative"
          style={{ height, touchAction: 'none' }}
          data-testid="grid-body"
          data-first-hour={firstHour}
          data-px-per-hour={pxPerHour}
          onPointerDown={onBodyPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => update(null)}
        >
          {perColumn.map(({ column, items, lanes }, index) => (
            <div
              key={column.key}
              data-testid="grid-column"
              data-day={column.day}
              data-user={column.userId ?? ''}
              style={{ flex: 1, minWidth: 0, position: 'relative', borderLeft: '1px solid var(--chakra-colors-border)', backgroundImage: hourLines }}
            >
              {selection && selection.col === index ? (
                <Box
                  data-testid="grid-selection"
                  position="absolute"
                  left="1"
                  right="1"
                  bg="brand.100"
                  borderWidth="1px"
                  borderColor="brand.500"
                  borderRadius="sm"
                  fontSize="xs"
                  px="1"
                  style={{ top: offsetOfMinutes(selection.start, scale), height: (selection.duration / 60) * pxPerHour }}
                >
                  {clockText(selection.start)}–{clockText(selection.start + selection.duration)}
                </Box>
              ) : null}
              {items.map((a) => {
                const lane = lanes.get(a.id) ?? { lane: 0, lanes: 1 };
                const start = startMinutes(a);
                return (
                  <AppointmentCard
                    key={a.id}
                    appointment={a}
                    label={labelOf(a)}
                    look={cardLook(a, staff)}
                    t={t}
                    dragging={drag !== null && drag.kind !== 'create' && drag.a.id === a.id}
                    style={{
                      top: offsetOfMinutes(start, scale),
                      height: Math.max(a.duration, 15) / 60 * pxPerHour - 1,
                      left: `calc(${(lane.lane / lane.lanes) * 100}% + 1px)`,
                      width: `calc(${100 / lane.lanes}% - 2px)`,
                    }}
                    onOpen={() => onOpen(a)}
                    onPointerDown={(event) => {
                      if (event.button !== 0) return;
                      event.stopPropagation();
                      capture(event);
                      update({ kind: 'move', a, x: event.clientX, y: event.clientY, col: index, fromCol: index, start, moved: false });
                    }}
                    onResizePointerDown={(event) => {
                      capture(event);
                      update({ kind: 'resize', a, y: event.clientY, duration: a.duration });
                    }}
                  />
                );
              })}
            </div>
          ))}
        </Flex>
      </Flex>
    </Box>
  );
}
