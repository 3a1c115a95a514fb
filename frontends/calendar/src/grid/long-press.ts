// Touch on the time grid (issue 16): a finger that swipes scrolls the day; a finger held still for
// LONG_PRESS_MS starts the drag (book, move, resize) and from then on the page does not scroll.
// A mouse or a pen starts at once, as before.

export const LONG_PRESS_MS = 450;
/** A finger that moves farther than this before the long press is scrolling, not pressing. */
export const TOUCH_SLOP_PX = 10;

export type Point = { x: number; y: number };

/** Whether a pointer starts dragging when it goes down (mouse, pen, unknown) or after a long press (touch). */
export function startsAtOnce(pointerType: string | undefined): boolean {
  return pointerType !== 'touch';
}

export function beyondSlop(from: Point, to: Point, slop: number = TOUCH_SLOP_PX): boolean {
  return Math.hypot(to.x - from.x, to.y - from.y) > slop;
}

export type PressHandlers = {
  /** the finger stayed still long enough: start the drag */
  onArm: () => void;
  /** the finger lifted before the long press, without moving: a tap */
  onTap?: () => void;
};

type Timers = {
  set: (run: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
};

export type PressState = 'idle' | 'pending' | 'armed';

export type LongPress = {
  state(): PressState;
  down(point: Point, handlers: PressHandlers): void;
  /** 'scroll' when this move gave the gesture to the page */
  move(point: Point): PressState | 'scroll';
  /** 'tap' when a pending press was let go where it started */
  up(): PressState | 'tap';
  cancel(): void;
};

/** One touch press at a time: pending until it is held (armed), moved away (scroll) or lifted (tap). */
export function createLongPress(
  timers: Timers = { set: (run, ms) => setTimeout(run, ms), clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) },
  delayMs: number = LONG_PRESS_MS,
  slopPx: number = TOUCH_SLOP_PX,
): LongPress {
  let state: PressState = 'idle';
  let start: Point = { x: 0, y: 0 };
  let handlers: PressHandlers | null = null;
  let timer: unknown = null;
  const stopTimer = () => {
    if (timer !== null) timers.clear(timer);
    timer = null;
  };
  const reset = () => {
    stopTimer();
    state = 'idle';
    handlers = null;
  };
  return {
    state: () => state,
    down(point, next) {
      reset();
      state = 'pending';
      start = point;
      handlers = next;
      timer = timers.set(() => {
        timer = null;
        if (state !== 'pending') return;
        state = 'armed';
        handlers?.onArm();
      }, delayMs);
    },
    move(point) {
      if (state === 'pending' && beyondSlop(start, point, slopPx)) {
        reset();
        return 'scroll';
      }
      return state;
    },
    up() {
      const was = state;
      const tap = handlers?.onTap;
      reset();
      if (was === 'pending') {
        tap?.();
        return 'tap';
      }
      return was;
    },
    cancel: reset,
  };
}
