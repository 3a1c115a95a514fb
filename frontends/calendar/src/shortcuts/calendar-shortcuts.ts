import type { CalendarView } from '@pawline/domain';
import { keyBelongsToTarget } from '@pawline/ui';

/** What a key does on the calendar (issue 29). */
export type ShortcutAction =
  { kind: 'today' } | { kind: 'step'; step: -1 | 1 } | { kind: 'view'; view: CalendarView } | { kind: 'new' } | { kind: 'help' };

/** The calendar's keys, in the order the help lists them; each with its catalogue key. */
export const CALENDAR_SHORTCUTS = [
  { keys: ['t'], action: { kind: 'today' }, label: 'calendar.shortcutToday' },
  { keys: ['ArrowLeft', 'p'], action: { kind: 'step', step: -1 }, label: 'calendar.shortcutPrevious' },
  { keys: ['ArrowRight', 'n'], action: { kind: 'step', step: 1 }, label: 'calendar.shortcutNext' },
  { keys: ['d'], action: { kind: 'view', view: 'day' }, label: 'calendar.shortcutDay' },
  { keys: ['w'], action: { kind: 'view', view: 'week' }, label: 'calendar.shortcutWeek' },
  { keys: ['m'], action: { kind: 'view', view: 'month' }, label: 'calendar.shortcutMonth' },
  { keys: ['c'], action: { kind: 'new' }, label: 'calendar.shortcutNew' },
  { keys: ['?'], action: { kind: 'help' }, label: 'calendar.shortcutHelp' },
] as const satisfies readonly { keys: readonly string[]; action: ShortcutAction; label: string }[];

/** The parts of a key press the rule reads (a KeyboardEvent has them all). */
export type KeyPress = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** where it was typed: a field, an open dialog or menu take their own keys */
  target: EventTarget | null;
};

/**
 * The action of a key press, or null: never while typing in a field or inside a dialog or menu, never with
 * Ctrl, Cmd or Alt (the browser's and the shell's shortcuts), letters in either case ('?' is Shift+/ anyway).
 */
export function shortcutOf(press: KeyPress): ShortcutAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  if (keyBelongsToTarget(press.target)) return null;
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  const found = CALENDAR_SHORTCUTS.find((s) => (s.keys as readonly string[]).includes(key));
  return found ? found.action : null;
}
