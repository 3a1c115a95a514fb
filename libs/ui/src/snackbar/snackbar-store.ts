import { SNACKBAR_SPACING_PX, SNACKBAR_TYPES, snackbarOffset as stackOffset, type SnackbarType } from '@pawline/domain';

// spec §4 / R4.05: event types error 0, warn 1, success 2, normal 3; spec §9 / R9.07: 55 px apart.
export const SNACKBAR_TYPE = SNACKBAR_TYPES;
export { SNACKBAR_SPACING_PX, type SnackbarType };

export type SnackbarEvent = { id: number; type: SnackbarType; message: string; time: number };

export type SnackbarStore = {
  push(type: SnackbarType, message: string): number;
  close(id: number): void;
  list(): readonly SnackbarEvent[];
  subscribe(listener: () => void): () => void;
};

/** Snackbar events stay until closed (R2.13); each new one stacks 55 px above the one before. */
export function createSnackbarStore(now: () => number = Date.now): SnackbarStore {
  let events: readonly SnackbarEvent[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());

  return {
    push(type, message) {
      const id = nextId++;
      events = [...events, { id, type, message, time: now() }];
      emit();
      return id;
    },
    close(id) {
      const remaining = events.filter((event) => event.id !== id);
      if (remaining.length === events.length) return;
      events = remaining;
      emit();
    },
    list: () => events,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Offset from the bottom of the screen of the snackbar at this stack position. */
export function snackbarOffset(index: number): number {
  // 16 px off the screen edge, then 55 px per snackbar below this one
  return 16 + stackOffset(index);
}

export const SNACKBAR_COLORS: Record<SnackbarType, { bg: string; fg: string }> = {
  0: { bg: '#c62828', fg: 'white' },
  // a dark orange: white on Material's #ef6c00 is 3.1:1, below WCAG's 4.5:1
  1: { bg: '#b84d00', fg: 'white' },
  2: { bg: '#2e7d32', fg: 'white' },
  3: { bg: '#323232', fg: 'white' },
};
