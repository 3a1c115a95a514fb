// Issue 29 the one rule of where a single-key shortcut is not one: the calendar's keys and the shell's `/`.

const TYPING = 'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="textbox"], [role="combobox"]';
// a dialog, a menu or a list box has keys of its own (Escape, arrows, typing ahead)
const OWN_KEYS = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

/** Whether a key pressed at `target` belongs to it: typed into a field, or inside a dialog, menu or list box. */
export function keyBelongsToTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as Element;
  return element.closest(TYPING) !== null || element.closest(OWN_KEYS) !== null;
}
